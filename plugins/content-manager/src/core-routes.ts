/**
 * The core routes of a content-type (Strapi v4 `createCoreRouter`): collection types get
 * `GET/POST /<plural>` and `GET/PUT/DELETE /<plural>/:id`, single types `GET/PUT/DELETE
 * /<singular>`; `only`/`except` pick actions, `config` adds auth/policies/middlewares per action,
 * `prefix` is put in front of every path (under the REST prefix).
 */
import type { ContentTypeSchema, HttpMethod, RouteDefinition } from '@platform/core';
import { errors } from './errors';
import type { CoreAction, CoreRouterOptions } from './factory-declarations';

const COLLECTION_ROUTES: Array<[CoreAction, HttpMethod, (plural: string) => string]> = [
  ['find', 'GET', (p) => `/${p}`],
  ['findOne', 'GET', (p) => `/${p}/:id`],
  ['create', 'POST', (p) => `/${p}`],
  ['update', 'PUT', (p) => `/${p}/:id`],
  ['delete', 'DELETE', (p) => `/${p}/:id`],
];

const SINGLE_ROUTES: Array<[CoreAction, HttpMethod]> = [
  ['find', 'GET'],
  ['update', 'PUT'],
  ['delete', 'DELETE'],
];

export function coreActions(schema: Pick<ContentTypeSchema, 'kind'>): CoreAction[] {
  return schema.kind === 'singleType' ? SINGLE_ROUTES.map(([a]) => a) : COLLECTION_ROUTES.map(([a]) => a);
}

export function coreRoutes(uid: string, schema: ContentTypeSchema, apiName: string, options: CoreRouterOptions = {}, source = uid): RouteDefinition[] {
  const actions = coreActions(schema);
  for (const key of ['only', 'except'] as const) {
    const list = options[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw errors.boot('ROUTER_OPTIONS', `${source}: createCoreRouter "${key}" must be an array of actions`);
    for (const action of list) {
      if (!actions.includes(action)) throw errors.boot('ROUTER_OPTIONS', `${source}: createCoreRouter "${key}" names "${String(action)}", which is not an action of ${uid} (${actions.join(', ')})`);
    }
  }
  const prefix = options.prefix ? `/${options.prefix.replace(/^\/+|\/+$/g, '')}` : '';
  const table: Array<[CoreAction, HttpMethod, string]> =
    schema.kind === 'singleType'
      ? SINGLE_ROUTES.map(([action, method]) => [action, method, `/${schema.info.singularName}`])
      : COLLECTION_ROUTES.map(([action, method, path]) => [action, method, path(schema.info.pluralName)]);
  return table
    .filter(([action]) => (!options.only || options.only.includes(action)) && !options.except?.includes(action))
    .map(([action, method, path]) => ({
      method,
      path: `${prefix}${path}`,
      handler: `${uid}.${action}`,
      config: { ...(options.config?.[action] ?? {}) },
      info: { type: 'content-api', apiName },
    }));
}
