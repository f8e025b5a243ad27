/**
 * The whole OpenAPI 3.1 document: one operation per route of the route table (every enabled
 * plugin's and the app's, read from the kernel, whatever added them), the component schemas of
 * the content model, the shared envelopes and the security schemes the enabled plugins accept
 * (a user's JWT, an API token: each added by the plugin that checks it). With `public`, only the
 * routes the public role may call (see route-access.ts).
 */
import type { ModelRegistry, MountedRoute } from '@platform/core';
import type { ParamDeclaration } from '@platform/query-engine';
import { modelNames } from './names';
import { ModelSchemas } from './model-schemas';
import { sharedSchemas } from './shared-schemas';
import { toOpenApiPath } from './route-paths';
import { coreActionOf, coreOperation, genericOperation, mergeOperation, securityOf, sharedResponses, verbsOf } from './operations';
import { isPublicRoute, type DeclaredAccess, type DocumentationHooks } from './route-access';
import type { ParameterDescription } from './parameters';
import type { OpenApiDocument, OperationObject, SchemaObject, SecuritySchemeObject } from './types';
import type { RouteDescriptions } from '../route-descriptions';
import { OWN_ROUTES } from '../own-routes';

export interface DocumentSources {
  title: string;
  version: string;
  models: ModelRegistry;
  routes: readonly MountedRoute[];
  declarations: readonly ParamDeclaration[];
  parameters: ReadonlyMap<string, ParameterDescription>;
  descriptions: RouteDescriptions;
  schemas: Readonly<Record<string, SchemaObject>>;
  /** the credentials the enabled plugins accept, by scheme name */
  securitySchemes: Readonly<Record<string, SecuritySchemeObject>>;
  hooks: DocumentationHooks;
  /** who may call a route, as features declared it to the content API */
  declaredAccess?: DeclaredAccess;
}

export interface DocumentOptions {
  /** only what the public role may call */
  public?: boolean;
}

/**
 * This plugin's own routes head the document, the others follow in the route table's order:
 * the features do not depend on this plugin (it reads what they declared), so where it starts
 * among them says nothing, and must not move paths in the document.
 */
function ownRoutesFirst(routes: readonly MountedRoute[]): MountedRoute[] {
  const own = (mounted: MountedRoute) => OWN_ROUTES.has(mounted.route);
  return [...routes.filter(own), ...routes.filter((mounted) => !own(mounted))];
}

export async function buildDocument(sources: DocumentSources, options: DocumentOptions = {}): Promise<OpenApiDocument> {
  const schemas = new ModelSchemas(sources.models, modelNames(sources.models));
  const inputs = { schemas, declarations: sources.declarations, described: sources.parameters };
  const paths: OpenApiDocument['paths'] = {};
  const operationIds = new Set<string>();
  const tags = new Set<string>();
  for (const mounted of ownRoutesFirst(sources.routes)) {
    const { route } = mounted;
    // the admin panel's own API is no part of the Content API's document
    if (route.info?.type === 'admin') continue;
    const isPublic = await isPublicRoute(sources.hooks, route, mounted.path, sources.declaredAccess);
    if (options.public && !isPublic) continue;
    const path = toOpenApiPath(mounted.path);
    const core = coreActionOf(sources.models, route);
    for (const verb of verbsOf(route.method)) {
      const item = paths[path.path] ?? {};
      paths[path.path] = item;
      // The router answers the first route of a method and path: a later one is unreachable.
      if (item[verb]) continue;
      let operation: OperationObject = core ? coreOperation(core.model, core.action, path, inputs) : genericOperation(route, verb, path);
      const tag = core ? (schemas.nameOf(core.model.uid) as string) : tagOf(route);
      operation.tags = [tag];
      tags.add(tag);
      operation.security = securityOf(route, isPublic, Object.keys(sources.securitySchemes));
      const described = sources.descriptions.find(route, mounted.path);
      if (described) operation = mergeOperation(operation, described);
      operation.operationId = uniqueId(operation.operationId ?? idOf(route, verb, path.path), operationIds);
      item[verb] = operation;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: sources.title, version: sources.version, description: 'The content API: every route of the enabled plugins and the app, generated from the models' },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...sharedSchemas(), ...schemas.all(), ...sources.schemas },
      responses: sharedResponses(),
      securitySchemes: { ...sources.securitySchemes },
    },
  };
}

function tagOf(route: MountedRoute['route']): string {
  if (route.info?.pluginName) return route.info.pluginName;
  if (typeof route.handler === 'string') {
    const name = /^(?:plugin|api)::([^.]+)/.exec(route.handler)?.[1];
    if (name) return name;
  }
  return route.info?.apiName ?? 'other';
}

function idOf(route: MountedRoute['route'], verb: string, path: string): string {
  const words = typeof route.handler === 'string' ? route.handler.split(/[^A-Za-z0-9]+/) : [verb, ...path.split(/[^A-Za-z0-9]+/)];
  const [first = '', ...rest] = words.filter(Boolean);
  return [first.toLowerCase(), ...rest.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

function uniqueId(id: string, taken: Set<string>): string {
  let unique = id;
  for (let n = 2; taken.has(unique); n++) unique = `${id}${n}`;
  taken.add(unique);
  return unique;
}
