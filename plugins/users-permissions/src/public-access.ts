/**
 * What the public role may call, declared to the content API for the transports (the API
 * document's public variant) to ask: a route is public
 * when the public role holds every action it needs (an explicitly empty scope needs none; a
 * function handler without a scope needs a user or a token).
 */
import type { Declarations } from '@platform/query-engine';
import { requiredActions } from './auth/route-scope';
import { PLUGIN_NAME } from './content-types';
import type { AccessCache } from './permissions/access-cache';

export function declarePublicAccess(declarations: Declarations, access: AccessCache): void {
  declarations.publicAccess.tapPromise(PLUGIN_NAME, async ({ route }) => {
    const actions = requiredActions(route);
    if (actions === null) return false;
    const role = await access.roleByType('public');
    return role !== null && actions.every((action) => role.ability.can(action));
  });
}
