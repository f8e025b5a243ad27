/**
 * Explains a 403. Under `platform develop` the log names the action that was missing and who
 * asked (a role, an API token), and the answer's `details` carry the action, so a newcomer sees
 * what to grant; elsewhere the answer is Strapi v4's bare 403 and the explanation a debug line.
 */
import type { AuthState, PluginContext } from '@platform/core';
import type { AccessCache } from './access-cache';

/** The details of the 403 for a caller lacking `action` (logging why). */
export type ExplainDenial = (auth: AuthState | null | undefined, action: string) => Promise<Record<string, unknown>>;

const STRATEGY = 'users-permissions';

/** `role "public"`, `role "authenticated" (user 4)`, `api-token "ci"`: who asked, in words. */
async function describeCaller(auth: AuthState | null | undefined, access: AccessCache): Promise<string> {
  if (!auth) return 'an unauthenticated caller';
  const credentials = (auth.credentials ?? null) as { id?: unknown; name?: unknown } | null;
  if (auth.strategy === STRATEGY) {
    const roleId = /^role:(\d+)$/.exec(auth.scope ?? '')?.[1];
    const role = roleId === undefined ? null : await access.role(Number(roleId));
    const who = role ? `role "${role.type}"` : 'a user without a role';
    return credentials?.id === undefined ? who : `${who} (user ${String(credentials.id)})`;
  }
  const name = typeof credentials?.name === 'string' ? ` "${credentials.name}"` : '';
  return `${auth.strategy ?? 'a caller'}${name}`;
}

export function createDenialExplainer(ctx: PluginContext, access: () => AccessCache): ExplainDenial {
  const develop = ctx.mode === 'develop';
  return async (auth, action) => {
    if (!develop && !(ctx.log.enabled?.('debug') ?? false)) return {};
    const line = `403 Forbidden: ${await describeCaller(auth, access())} lacks "${action}"`;
    if (!develop) {
      ctx.log.debug(line);
      return {};
    }
    const hint =
      auth?.strategy === STRATEGY
        ? 'grant it in config/plugins.ts (users-permissions.config.permissions) or through PUT /api/users-permissions/roles/:id'
        : "the token's permissions do not include it";
    ctx.log.warn(`${line}: ${hint}`);
    return { action };
  };
}
