/**
 * What the public role may call, for the API document's public variant: a route is public
 * when the public role holds every action it needs (an explicitly empty scope needs none; a
 * function handler without a scope needs a user or a token).
 */
import type { DocumentationService } from '@platform/documentation';
import { requiredActions } from './auth/route-scope';
import { PLUGIN_NAME } from './content-types';
import type { AccessCache } from './permissions/access-cache';

export function describePublicAccess(documentation: DocumentationService, access: AccessCache): void {
  documentation.hooks.publicAccess.tapPromise(PLUGIN_NAME, async ({ route }) => {
    const actions = requiredActions(route);
    if (actions === null) return false;
    const role = await access.roleByType('public');
    return role !== null && actions.every((action) => role.ability.can(action));
  });
}
