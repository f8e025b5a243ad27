/**
 * Strapi v4's authentication routes of the admin, in its shapes: `GET /admin/init`,
 * `POST /admin/register-admin` (the first Super Admin, only while there is no administrator),
 * `POST /admin/login`, `POST /admin/renew-token`, `GET|PUT /admin/users/me` and
 * `GET /admin/users/me/permissions`. Login is rate limited per address and per email in the
 * kernel's shared counters (the same windows on every node once they share a store).
 */
import { ApplicationError, RateLimitError, ValidationError, type PluginContext, type RequestContext, type RouteDefinition } from '@platform/core';
import { adminState, type Access } from '../access';
import type { AdminConfig } from '../config';
import { checkNewPassword, hashPassword, verifyPassword } from '../auth/passwords';
import { publicUser, type AdminUserRow } from '../store/admin-store';
import { SUPER_ADMIN_CODE } from '../permissions/actions';
import { extendingPlugins, isPresent, PANEL_PLUGINS } from '../plugins-present';
import { allPermissionsOf } from '../permissions/catalogue';
import { bodyOf, optionalText, requiredEmail, requiredText, type AdminRoutes } from './admin-route';

export interface SignedIn {
  token: string;
  user: ReturnType<typeof publicUser>;
}

export function authRoutes(ctx: PluginContext<AdminConfig>, routes: AdminRoutes, access: () => Access): RouteDefinition[] {
  const shown = async (user: AdminUserRow) => publicUser(user, await access().roles());
  const signIn = async (user: AdminUserRow): Promise<SignedIn> => ({ token: access().tokens.issue(user.id), user: await shown(user) });

  const limit = async (koa: RequestContext, email: unknown) => {
    const { enabled, interval, max } = ctx.config.rateLimit;
    if (!enabled) return;
    const keys = [`admin|login|ip|${koa.ip}`];
    if (typeof email === 'string' && email.trim() !== '') keys.push(`admin|login|id|${email.trim().toLowerCase()}`);
    const counts = await Promise.all(keys.map((key) => ctx.counters.hit(key, interval)));
    if (counts.some((count) => count > max)) throw new RateLimitError();
  };

  return [
    routes.open('GET', '/admin/init', async () => ({
      data: { uuid: false, hasAdmin: (await access().users.countUsers()) > 0, menuLogo: null, authLogo: null },
    })),
    routes.open('POST', '/admin/register-admin', async (koa) => {
      const body = bodyOf(koa);
      const email = requiredEmail(body);
      const firstname = requiredText(body, 'firstname');
      const lastname = optionalText(body, 'lastname') ?? null;
      const password = checkNewPassword(body.password);
      const hash = await hashPassword(password);
      const user = await ctx.db.transaction(async () => {
        // checked inside the transaction, so two first visits cannot both register
        if ((await access().users.countUsers()) > 0) throw new ApplicationError('You cannot register a new super admin', {});
        const superAdmin = await access().superAdminRole();
        if (!superAdmin) throw new ApplicationError('The Super Admin role is missing', {});
        const id = await access().users.createUser({ email, firstname, lastname, password: hash, isActive: true, roleIds: [superAdmin.id] });
        return access().users.userById(id);
      });
      if (!user) throw new ApplicationError('The administrator could not be read back', {});
      return { data: await signIn(user) };
    }),
    routes.open('POST', '/admin/login', async (koa) => {
      const body = bodyOf(koa);
      await limit(koa, body.email);
      if (typeof body.email !== 'string' || typeof body.password !== 'string') throw new ValidationError('email and password are required', {});
      const user = await access().users.userByEmail(body.email);
      const valid = await verifyPassword(body.password, user?.password);
      if (!user || !valid) throw new ApplicationError('Invalid credentials', {});
      if (!user.isActive || user.blocked) throw new ApplicationError('User not active', {});
      return { data: await signIn(user) };
    }),
    routes.open('POST', '/admin/renew-token', async (koa) => {
      const { token } = bodyOf(koa);
      const session = typeof token === 'string' ? access().tokens.verify(token) : null;
      const user = session ? await access().users.userById(session.id) : null;
      if (!user?.isActive || user.blocked) throw new ValidationError('Invalid token', {});
      return { data: { token: access().tokens.issue(user.id) } };
    }),
    routes.signedIn('GET', '/admin/users/me', async (koa) => ({ data: await shown(adminState(koa).user) })),
    routes.signedIn('PUT', '/admin/users/me', async (koa) => {
      const { user } = adminState(koa);
      const body = bodyOf(koa);
      const changes: Parameters<Access['users']['updateUser']>[1] = {
        firstname: optionalText(body, 'firstname'),
        lastname: optionalText(body, 'lastname'),
        username: optionalText(body, 'username'),
        preferedLanguage: optionalText(body, 'preferedLanguage'),
      };
      if (body.email !== undefined) changes.email = requiredEmail(body);
      if (body.password !== undefined) {
        if (!(await verifyPassword(body.currentPassword, user.password)))
          throw ValidationError.fromIssues([{ path: ['currentPassword'], message: 'Current password is invalid', name: 'ValidationError' }]);
        changes.password = await hashPassword(checkNewPassword(body.password));
      }
      await ctx.db.transaction(async () => {
        if (changes.email && changes.email !== user.email && (await access().users.userByEmail(changes.email))) {
          throw ValidationError.fromIssues([{ path: ['email'], message: 'Email already taken', name: 'ValidationError' }]);
        }
        await access().users.updateUser(user.id, changes);
      });
      const updated = await access().users.userById(user.id);
      return { data: updated ? await shown(updated) : null };
    }),
    routes.signedIn('GET', '/admin/users/me/permissions', async (koa) => {
      const { ability } = adminState(koa);
      return { data: ability.isSuperAdmin ? allPermissionsOf(ctx) : ability.permissions.map(({ roleId: _roleId, ...permission }) => permission) };
    }),
    routes.signedIn('GET', '/admin/project-settings', async (koa) => {
      const { ability, user } = adminState(koa);
      const roles = await access().roles();
      return {
        data: {
          plugins: enabledPanels(ctx),
          isSuperAdmin: ability.isSuperAdmin,
          roles: roles.filter((role) => user.roleIds.includes(role.id)).map((role) => role.code),
          superAdminCode: SUPER_ADMIN_CODE,
        },
      };
    }),
  ];
}

/** Plugins whose admin pages the panel shows, those enabled: the built-in panels', then the other plugins that extend it. */
export function enabledPanels(ctx: PluginContext): string[] {
  const builtIn = PANEL_PLUGINS.filter((name) => isPresent(ctx, name));
  return [...builtIn, ...extendingPlugins(ctx).filter((name) => !PANEL_PLUGINS.includes(name))];
}
