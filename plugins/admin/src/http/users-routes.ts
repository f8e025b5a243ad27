/**
 * The settings of the admin itself: administrators (`/admin/users`) and their roles
 * (`/admin/roles`, `/admin/roles/:id/permissions`), each route checked against the
 * administrator's `admin::users.*` / `admin::roles.*` permissions. The Super Admin role's
 * permissions are all of them and cannot be edited, and the last Super Admin cannot be removed.
 */
import { ApplicationError, NotFoundError, ValidationError, type PluginContext, type RouteDefinition } from '@platform/core';
import { requireAction, type Access } from '../access';
import { checkNewPassword, hashPassword } from '../auth/passwords';
import { errors } from '../errors';
import { SUPER_ADMIN_CODE } from '../permissions/actions';
import { permissionCatalogue } from '../permissions/catalogue';
import { publicUser } from '../store/admin-store';
import type { NewPermission } from '../store/permission-store';
import { bodyOf, idParam, optionalText, requiredEmail, requiredText, type AdminRoutes } from './admin-route';

function roleIdsOf(value: unknown, known: ReadonlySet<number>): number[] {
  if (!Array.isArray(value) || value.length === 0) throw ValidationError.fromIssues([{ path: ['roles'], message: 'roles must contain at least one role', name: 'ValidationError' }]);
  const ids = [...new Set(value.map(Number))];
  if (ids.some((id) => !known.has(id))) throw ValidationError.fromIssues([{ path: ['roles'], message: 'roles contains a role that does not exist', name: 'ValidationError' }]);
  return ids;
}

function permissionsOf(value: unknown): NewPermission[] {
  if (!Array.isArray(value)) throw new ValidationError('permissions must be an array', {});
  return value.map((item, index) => {
    if (typeof item !== 'object' || item === null || typeof (item as { action?: unknown }).action !== 'string') {
      throw ValidationError.fromIssues([{ path: ['permissions', String(index)], message: 'a permission needs an action', name: 'ValidationError' }]);
    }
    const { action, subject, properties, conditions } = item as Record<string, unknown>;
    return {
      action: action as string,
      subject: typeof subject === 'string' ? subject : null,
      properties: typeof properties === 'object' && properties !== null ? (properties as NewPermission['properties']) : {},
      conditions: Array.isArray(conditions) ? conditions.filter((c): c is string => typeof c === 'string') : [],
    };
  });
}

export function usersRoutes(ctx: PluginContext, routes: AdminRoutes, access: () => Access): RouteDefinition[] {
  const users = () => access().users;
  const knownRoles = async () => new Set((await access().roles()).map((r) => r.id));
  const shownUser = async (id: number) => {
    const row = await users().userById(id);
    if (!row) throw new NotFoundError('User does not exist', {});
    return publicUser(row, await access().roles());
  };
  /** a change that would leave no active Super Admin */
  const keepsASuperAdmin = async (removedUser: number, remainingRoles?: number[]) => {
    const superAdmin = await access().superAdminRole();
    if (!superAdmin) return;
    const holders = await users().usersOfRole(superAdmin.id);
    if (!holders.includes(removedUser) || (remainingRoles?.includes(superAdmin.id) ?? false)) return;
    if (holders.length <= 1) throw errors.request('LAST_SUPER_ADMIN', 'You must have at least one user with super admin role.');
  };

  return [
    routes.signedIn('GET', '/admin/users', async (koa) => {
      requireAction(koa, 'admin::users.read');
      const page = Math.max(1, Number(koa.query.page) || 1);
      const pageSize = Math.min(100, Math.max(1, Number(koa.query.pageSize) || 10));
      const search = typeof koa.query._q === 'string' ? koa.query._q : undefined;
      const { users: rows, total } = await users().listUsers({ page, pageSize, search });
      const roles = await access().roles();
      return { data: { results: rows.map((row) => publicUser(row, roles)), pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } } };
    }),
    routes.signedIn('POST', '/admin/users', async (koa) => {
      requireAction(koa, 'admin::users.create');
      const body = bodyOf(koa);
      const email = requiredEmail(body);
      const firstname = requiredText(body, 'firstname');
      const lastname = optionalText(body, 'lastname') ?? null;
      const roleIds = roleIdsOf(body.roles, await knownRoles());
      const password = body.password === undefined ? null : await hashPassword(checkNewPassword(body.password));
      const id = await ctx.db.transaction(async () => {
        if (await users().userByEmail(email)) throw errors.request('EMAIL_TAKEN', 'Email already taken', { errors: [{ path: ['email'], message: 'Email already taken', name: 'ValidationError' }] });
        return users().createUser({ email, firstname, lastname, password, isActive: password !== null, roleIds });
      });
      koa.status = 201;
      return { data: await shownUser(id) };
    }),
    routes.signedIn('GET', '/admin/users/:id', async (koa) => {
      requireAction(koa, 'admin::users.read');
      return { data: await shownUser(idParam(koa)) };
    }),
    routes.signedIn('PUT', '/admin/users/:id', async (koa) => {
      requireAction(koa, 'admin::users.update');
      const id = idParam(koa);
      const body = bodyOf(koa);
      await ctx.db.transaction(async () => {
        const existing = await users().userById(id);
        if (!existing) throw new NotFoundError('User does not exist', {});
        const roleIds = body.roles === undefined ? undefined : roleIdsOf(body.roles, await knownRoles());
        const deactivates = body.isActive === false || body.blocked === true;
        if (roleIds || deactivates) await keepsASuperAdmin(id, deactivates ? [] : roleIds);
        const email = body.email === undefined ? undefined : requiredEmail(body);
        if (email && email !== existing.email && (await users().userByEmail(email)))
          throw errors.request('EMAIL_TAKEN', 'Email already taken', { errors: [{ path: ['email'], message: 'Email already taken', name: 'ValidationError' }] });
        await users().updateUser(id, {
          email,
          firstname: optionalText(body, 'firstname'),
          lastname: optionalText(body, 'lastname'),
          username: optionalText(body, 'username'),
          isActive: typeof body.isActive === 'boolean' ? body.isActive : undefined,
          blocked: typeof body.blocked === 'boolean' ? body.blocked : undefined,
          password: body.password === undefined ? undefined : await hashPassword(checkNewPassword(body.password)),
        });
        if (roleIds) await users().setUserRoles(id, roleIds);
      });
      return { data: await shownUser(id) };
    }),
    routes.signedIn('DELETE', '/admin/users/:id', async (koa) => {
      requireAction(koa, 'admin::users.delete');
      const id = idParam(koa);
      const shown = await shownUser(id);
      await ctx.db.transaction(async () => {
        await keepsASuperAdmin(id);
        await users().deleteUser(id);
      });
      return { data: shown };
    }),
    routes.signedIn('GET', '/admin/roles', async (koa) => {
      requireAction(koa, 'admin::roles.read');
      const counts = await users().roleUserCounts();
      return { data: (await access().roles()).map((role) => ({ ...role, usersCount: counts.get(role.id) ?? 0 })) };
    }),
    routes.signedIn('POST', '/admin/roles', async (koa) => {
      requireAction(koa, 'admin::roles.create');
      const body = bodyOf(koa);
      const name = requiredText(body, 'name');
      if ((await access().roles()).some((role) => role.name === name)) throw new ApplicationError(`The name must be unique and a role with name \`${name}\` already exists.`, {});
      const code = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now().toString(36)}`;
      const id = await users().createRole({ name, code, description: optionalText(body, 'description') ?? null });
      access().changed();
      koa.status = 201;
      return { data: (await access().roles()).find((role) => role.id === id) };
    }),
    routes.signedIn('GET', '/admin/roles/:id', async (koa) => {
      requireAction(koa, 'admin::roles.read');
      const role = (await access().roles()).find((r) => r.id === idParam(koa));
      if (!role) throw new NotFoundError('role.notFound', {});
      return { data: role };
    }),
    routes.signedIn('PUT', '/admin/roles/:id', async (koa) => {
      requireAction(koa, 'admin::roles.update');
      const id = idParam(koa);
      const role = (await access().roles()).find((r) => r.id === id);
      if (!role) throw new NotFoundError('role.notFound', {});
      const body = bodyOf(koa);
      await users().updateRole(id, { name: optionalText(body, 'name') ?? undefined, description: optionalText(body, 'description') });
      access().changed();
      return { data: (await access().roles()).find((r) => r.id === id) };
    }),
    routes.signedIn('DELETE', '/admin/roles/:id', async (koa) => {
      requireAction(koa, 'admin::roles.delete');
      const id = idParam(koa);
      const role = (await access().roles()).find((r) => r.id === id);
      if (!role) throw new NotFoundError('role.notFound', {});
      if (role.code === SUPER_ADMIN_CODE) throw new ApplicationError('You cannot delete the super admin role', {});
      if ((await users().usersOfRole(id)).length > 0) throw new ApplicationError('Some roles are still assigned to some users', {});
      await ctx.db.transaction(async () => {
        await access().permissions.deleteForRole(id);
        await users().deleteRole(id);
      });
      access().changed();
      return { data: role };
    }),
    routes.signedIn('GET', '/admin/roles/:id/permissions', async (koa) => {
      requireAction(koa, 'admin::roles.read');
      const id = idParam(koa);
      if (!(await knownRoles()).has(id)) throw new NotFoundError('role.notFound', {});
      return { data: (await access().permissions.forRoles([id])).map(({ roleId: _roleId, ...permission }) => permission) };
    }),
    routes.signedIn('PUT', '/admin/roles/:id/permissions', async (koa) => {
      requireAction(koa, 'admin::roles.update');
      const id = idParam(koa);
      const role = (await access().roles()).find((r) => r.id === id);
      if (!role) throw new NotFoundError('role.notFound', {});
      if (role.code === SUPER_ADMIN_CODE) throw new ApplicationError("Super admin permissions can't be edited.", {});
      const permissions = permissionsOf(bodyOf(koa).permissions);
      await ctx.db.transaction(() => access().permissions.setForRole(id, permissions));
      access().changed();
      return { data: (await access().permissions.forRoles([id])).map(({ roleId: _roleId, ...permission }) => permission) };
    }),
    routes.signedIn('GET', '/admin/permissions', async (koa) => {
      requireAction(koa, 'admin::roles.read');
      return { data: permissionCatalogue(ctx) };
    }),
  ];
}
