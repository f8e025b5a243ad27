/**
 * `plugin::users-permissions.role` and `.permissions`: `/api/users-permissions/roles[/:id]` and
 * `/api/users-permissions/permissions`, Strapi v4's shapes (`{ roles }`, `{ role }` with its
 * permission tree, `{ ok: true }`, `{ permissions }`). Each write is one transaction and clears
 * the cached abilities in every process.
 */
import { ApplicationError, isPlainObject, NotFoundError, ValidationError, type PluginContext, type RequestContext } from '@platform/core';
import { parseId, type EntityService } from '@platform/query-engine';
import { PERMISSION_UID, ROLE_UID } from '../content-types';
import type { AccessCache } from '../permissions/access-cache';
import { enabledInTree, knownActions, permissionTree } from '../permissions/known-actions';
import { changeRolePermissions, rolePermissions } from '../permissions/roles-setup';

/** Strapi derives a new role's type from its name: lower-cased, accents and symbols turned into `_`. */
export function roleType(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A request body with something in it (Strapi v4 refuses an empty one). */
function nonEmpty(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body) || Object.keys(body).length === 0) throw new ValidationError('Request body cannot be empty');
  return body;
}

export interface RoleWrites {
  create(body: unknown): Promise<{ ok: true }>;
  /** `rawId` as the route or the argument gives it */
  update(rawId: unknown, body: unknown): Promise<{ ok: true }>;
  remove(rawId: unknown): Promise<{ ok: true }>;
}

/** The role writes of the REST routes and the GraphQL mutations alike: each one transaction, then every process's abilities are cleared. */
export function createRoleWrites(plugin: PluginContext, access: () => AccessCache): RoleWrites {
  const entityService = () => plugin.service<EntityService>('plugin::query-engine.entity-service');

  async function existingRole(raw: unknown, missing: string): Promise<{ id: number; type: string | null }> {
    const id = typeof raw === 'string' || typeof raw === 'number' ? parseId(raw) : null;
    const row = id === null ? undefined : await plugin.db.connection('up_roles').where('id', id).first('id', 'type');
    if (!row) throw new NotFoundError(missing, {});
    return { id: Number(row.id), type: row.type };
  }

  /** Makes the role's permissions exactly the enabled actions of a permission tree; returns those it removed. */
  async function syncPermissions(roleId: number, tree: unknown): Promise<string[]> {
    const wanted = new Set(enabledInTree(tree));
    const current = await rolePermissions(plugin, roleId);
    const removed = current
      .map((p) => p.action)
      .filter((a) => !wanted.has(a))
      .sort();
    await changeRolePermissions(plugin, roleId, wanted, removed);
    return removed;
  }

  return {
    async create(raw) {
      const body = nonEmpty(raw);
      const name = typeof body.name === 'string' ? body.name : '';
      const type = typeof body.type === 'string' && body.type !== '' ? body.type : roleType(name);
      await plugin.db.transaction(async () => {
        const created = await entityService().create(ROLE_UID, { data: { name, description: body.description ?? '', type } });
        await syncPermissions(Number(created.id), body.permissions);
      });
      await access().rolesChanged();
      return { ok: true };
    },
    async update(rawId, raw) {
      const body = nonEmpty(raw);
      const role = await existingRole(rawId, 'Role not found');
      const removed = await plugin.db.transaction(async () => {
        const data: Record<string, unknown> = {};
        for (const key of ['name', 'description']) if (key in body) data[key] = body[key];
        if (Object.keys(data).length > 0) await entityService().update(ROLE_UID, role.id, { data });
        return 'permissions' in body ? syncPermissions(role.id, body.permissions) : [];
      });
      await access().rolesChanged();
      // As in Strapi v4, `permissions` is the role's whole set: what a partial tree leaves out is
      // removed, which surprises whoever meant to add one action. The log says what went.
      if (removed.length > 0) {
        plugin.log.info(
          `role "${role.type ?? role.id}" (id ${role.id}): ${removed.length} permission(s) not enabled in the request were removed (the permissions sent replace the whole set): ${removed.join(', ')}`,
        );
      }
      return { ok: true };
    },
    async remove(rawId) {
      const role = await existingRole(rawId, 'Role not found');
      if (role.type === 'public') throw new ApplicationError('Cannot delete public role');
      const publicRole = await plugin.db.connection('up_roles').where('type', 'public').first('id');
      await plugin.db.transaction(async () => {
        // Its users fall back to the public role, as in Strapi v4.
        if (publicRole)
          await plugin.db
            .connection('up_users_role_links')
            .where('role_id', role.id)
            .update({ role_id: Number(publicRole.id) });
        else await plugin.db.connection('up_users_role_links').where('role_id', role.id).delete();
        for (const permission of await rolePermissions(plugin, role.id)) await entityService().delete(PERMISSION_UID, permission.id);
        await entityService().delete(ROLE_UID, role.id);
      });
      await access().rolesChanged();
      return { ok: true };
    },
  };
}

export function createRoleController(plugin: PluginContext, access: () => AccessCache) {
  const entityService = () => plugin.service<EntityService>('plugin::query-engine.entity-service');
  const known = () => knownActions(plugin);
  const writes = createRoleWrites(plugin, access);

  return {
    async find() {
      const roles = await entityService().findMany(ROLE_UID, { sort: 'name' });
      const counts = (await plugin.db.connection('up_users_role_links').select('role_id').count({ n: '*' }).groupBy('role_id')) as Array<{ role_id: number; n: number | string }>;
      const byRole = new Map(counts.map((c) => [Number(c.role_id), Number(c.n)]));
      return { roles: roles.map((role) => ({ ...role, nb_users: byRole.get(Number(role.id)) ?? 0 })) };
    },
    async findOne(ctx: RequestContext) {
      const id = parseId(ctx.params.id);
      const role = id === null ? null : await entityService().findOne(ROLE_UID, id);
      if (!role) throw new NotFoundError('Not Found', {});
      const enabled = new Set((await rolePermissions(plugin, Number(role.id))).map((p) => p.action));
      const actions = [...new Set([...known(), ...enabled])].sort();
      return { role: { ...role, permissions: permissionTree(actions, enabled) } };
    },
    createRole: (ctx: RequestContext) => writes.create(ctx.request.body),
    updateRole: (ctx: RequestContext) => writes.update(ctx.params.role, ctx.request.body),
    deleteRole: (ctx: RequestContext) => writes.remove(ctx.params.role),
    async getPermissions() {
      return { permissions: permissionTree(known(), new Set()) };
    },
  };
}
