/**
 * A stand-in for users-permissions (not built yet), guarding the content API the way it will:
 * the kernel's `authenticate` step turns a request header into `ctx.state.auth` (a role and its
 * ability), and the content-API contract's hooks use it for every transport (`authorize` checks
 * the ability, `restrictRead`/`restrictWrite` remove the attributes the role may not see or set).
 * A request without the header is public and unrestricted, as every request is today.
 */
import { definePlugin, type PluginDefinition } from '@platform/core';

export const ROLE_HEADER = 'x-test-role';

export interface StandInRole {
  /** permissions (`api::article.article.find`); undefined: every one */
  permissions?: string[];
  /** uid -> attributes the role may not read */
  unreadable?: Record<string, string[]>;
  /** uid -> attributes the role may not write */
  unwritable?: Record<string, string[]>;
}

const NAME = 'role-guard';

export function createRoleGuardStandIn(roles: Record<string, StandInRole>): PluginDefinition {
  const roleOf = (credentials: unknown): StandInRole | undefined => roles[(credentials as { role?: string } | null)?.role ?? ''];
  return definePlugin({
    name: NAME,
    requires: ['query-engine'],
    register(ctx) {
      ctx.hooks.authenticate.tapPromise(NAME, async (ctx) => {
        const name = ctx.get(ROLE_HEADER);
        const role = roles[name];
        if (!role) return;
        ctx.state.auth = {
          strategy: NAME,
          credentials: { role: name },
          ability: { can: (permission: string) => role.permissions === undefined || role.permissions.includes(permission) },
        };
      });
      const { hooks } = ctx.service('plugin::query-engine.content-api');
      hooks.authorize.tap(NAME, ({ context, permission }) => (context.auth?.ability?.can(permission) === false ? false : undefined));
      hooks.restrictRead.tap(NAME, ({ model, context, fields }) => {
        for (const field of roleOf(context.auth?.credentials)?.unreadable?.[model.uid] ?? []) fields.add(field);
      });
      hooks.restrictWrite.tap(NAME, ({ model, context, fields }) => {
        for (const field of roleOf(context.auth?.credentials)?.unwritable?.[model.uid] ?? []) fields.add(field);
      });
    },
  });
}
