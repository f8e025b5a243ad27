/**
 * The users-permissions rules of the content-API contract, for every transport and every
 * strategy's ability (a role's, an API token's): an action runs only when the ability grants
 * `<uid>.<action>`; a relation whose target the caller may not `find` is left out of answers
 * (populate included, spec 4.2.2), refused in `fields`/`filters`/`sort` (400) and dropped from
 * written data, at every depth, as Strapi v4's sanitizers do. A request without an auth state
 * (a route with `auth: false`) is not restricted.
 */
import type { Model } from '@platform/core';
import type { ContentApi, ContentApiContext } from '@platform/query-engine';
import { PLUGIN_NAME } from '../content-types';
import type { ExplainDenial } from './denials';

/** Relations of `model` whose target this caller may not `find`. */
function unreadableRelations(model: Model, context: ContentApiContext, fields: Set<string>): void {
  const ability = context.auth?.ability;
  if (!ability) return;
  for (const field of model.fields.values()) {
    if (field.kind !== 'relation') continue;
    if (!ability.can(`${field.target}.find`)) fields.add(field.name);
  }
}

export function guardContentApi(contentApi: ContentApi, explainDenial: ExplainDenial): void {
  contentApi.hooks.authorize.tapPromise(PLUGIN_NAME, async ({ context, permission }) => {
    const ability = context.auth?.ability;
    if (ability && !ability.can(permission)) return { details: await explainDenial(context.auth, permission) };
    return undefined;
  });
  contentApi.hooks.restrictRead.tap(PLUGIN_NAME, ({ model, context, fields }) => unreadableRelations(model, context, fields));
  contentApi.hooks.restrictWrite.tap(PLUGIN_NAME, ({ model, context, fields }) => unreadableRelations(model, context, fields));
}
