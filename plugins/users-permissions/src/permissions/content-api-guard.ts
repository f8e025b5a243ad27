/**
 * The users-permissions rules of the content-API contract, for every transport and every
 * strategy's ability (a role's, an API token's): an action runs only when the ability grants
 * `<uid>.<action>`; a relation whose target the caller may not `find` is left out of answers
 * (populate included, spec 4.2.2), refused in `fields`/`filters`/`sort` (400) and dropped from
 * written data, at every depth, as Strapi v4's sanitizers do. A request without an auth state
 * (a route with `auth: false`) is not restricted. The contract asks for these rules once per
 * request; every operation and field of the request reuses them.
 */
import type { AuthState, Model } from '@platform/core';
import type { ContentApi } from '@platform/query-engine';
import { PLUGIN_NAME } from '../content-types';
import type { ExplainDenial } from './denials';

/** a role's or an API token's ability, whichever strategy authenticated the request */
type Ability = NonNullable<AuthState['ability']>;

/** Relations of `model` whose target this caller may not `find`. */
function unreadableRelations(ability: Ability, model: Model): string[] {
  const out: string[] = [];
  for (const field of model.fields.values()) {
    if (field.kind === 'relation' && !ability.can(`${field.target}.find`)) out.push(field.name);
  }
  return out;
}

export function guardContentApi(contentApi: ContentApi, explainDenial: ExplainDenial): void {
  contentApi.hooks.access.tap(PLUGIN_NAME, ({ context, rules }) => {
    const ability = context.auth?.ability;
    if (!ability) return;
    const unreadable = (model: Model) => unreadableRelations(ability, model);
    rules.push({
      can: (permission) => ability.can(permission),
      // under platform develop the 403 names the missing action (./denials.ts)
      explain: (permission) => explainDenial(context.auth, permission),
      unreadable,
      unwritable: unreadable,
    });
  });
}
