/**
 * A stand-in for users-permissions (not built yet), guarding the content API the way it will:
 * the kernel's `authenticate` step turns a request header into `ctx.state.auth` (a role and its
 * ability), and the content-API contract's `access` hook uses it for every transport (`can` checks the
 * ability, `unreadable`/`unwritable` remove the attributes the role may not see or set).
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
      ctx.service('plugin::query-engine.content-api').hooks.access.tap(NAME, ({ context, rules }) => {
        const ability = context.auth?.ability;
        const role = roleOf(context.auth?.credentials);
        rules.push({
          can: (permission) => (ability?.can(permission) === false ? false : undefined),
          unreadable: (model) => role?.unreadable?.[model.uid] ?? [],
          unwritable: (model) => role?.unwritable?.[model.uid] ?? [],
        });
      });
    },
  });
}
