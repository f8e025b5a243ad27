/**
 * Who an administrator is and what it may do. A session costs one statement per request (the
 * administrator with its role ids); the roles and the compiled abilities of each set of roles
 * are kept in memory until a role or permission changes, here or in another process of the app
 * (the change is broadcast).
 */
import { ForbiddenError, UnauthorizedError, type PluginContext, type RequestContext } from '@platform/core';
import { bearer, type SessionTokens } from './auth/sessions';
import { SUPER_ADMIN_CODE } from './permissions/actions';
import { compileAbility, type AdminAbility } from './permissions/ability';
import { createAdminStore, type AdminRole, type AdminUserRow } from './store/admin-store';
import { createPermissionStore } from './store/permission-store';

const CHANNEL = 'admin:roles-changed';

export interface AdminState {
  user: AdminUserRow;
  ability: AdminAbility;
}

export function createAccess(ctx: PluginContext, tokens: SessionTokens) {
  const users = createAdminStore(() => ctx.db);
  const permissions = createPermissionStore(() => ctx.db);
  let roles: Promise<AdminRole[]> | null = null;
  const abilities = new Map<string, Promise<Omit<AdminAbility, 'userId'> & { forUser(id: number): AdminAbility }>>();

  const forget = () => {
    roles = null;
    abilities.clear();
  };

  const access = {
    users,
    permissions,
    tokens,
    roles(): Promise<AdminRole[]> {
      roles ??= users.roles().catch((error) => {
        roles = null;
        throw error;
      });
      return roles;
    },
    async superAdminRole(): Promise<AdminRole | undefined> {
      return (await access.roles()).find((role) => role.code === SUPER_ADMIN_CODE);
    },
    async abilityOf(user: AdminUserRow): Promise<AdminAbility> {
      const roleIds = [...user.roleIds].sort((a, b) => a - b);
      const k = roleIds.join(',');
      let compiled = abilities.get(k);
      if (!compiled) {
        compiled = (async () => {
          const superAdmin = (await access.superAdminRole())?.id;
          const isSuperAdmin = superAdmin !== undefined && roleIds.includes(superAdmin);
          const stored = isSuperAdmin ? [] : await permissions.forRoles(roleIds);
          const template = compileAbility(0, roleIds, isSuperAdmin, stored);
          return { ...template, forUser: (id: number) => compileAbility(id, roleIds, isSuperAdmin, stored) };
        })();
        compiled.catch(() => abilities.delete(k));
        abilities.set(k, compiled);
      }
      return (await compiled).forUser(user.id);
    },
    /** Roles or permissions changed: every process forgets what it compiled. */
    changed(): void {
      forget();
      ctx.broadcast.publish(CHANNEL, {});
    },
    /** The administrator of a request's bearer session, or a 401. */
    async authenticate(koa: RequestContext): Promise<AdminState> {
      const token = bearer(koa.headers.authorization);
      const session = token === null ? null : tokens.verify(token);
      const user = session === null ? null : await users.userById(session.id);
      if (!user?.isActive || user.blocked) throw new UnauthorizedError('Missing or invalid credentials', {});
      const state: AdminState = { user, ability: await access.abilityOf(user) };
      koa.state.admin = state;
      return state;
    },
  };
  ctx.broadcast.subscribe(CHANNEL, () => forget());
  return access;
}

export type Access = ReturnType<typeof createAccess>;

export function adminState(koa: RequestContext): AdminState {
  const state = koa.state.admin as AdminState | undefined;
  if (!state) throw new UnauthorizedError('Missing or invalid credentials', {});
  return state;
}

/** A 403 `Forbidden` unless the administrator may run `action` (on `subject`). */
export function requireAction(koa: RequestContext, action: string, subject?: string | null): AdminState {
  const state = adminState(koa);
  if (!state.ability.can(action, subject)) throw new ForbiddenError('Forbidden', {});
  return state;
}
