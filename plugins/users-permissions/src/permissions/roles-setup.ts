/**
 * Roles and permissions at start-up. The first start creates Strapi v4's two roles,
 * `authenticated` and `public`, with the actions Strapi gives them. Every start then applies
 * the permissions declared in the config (`permissions: { public: [...], authenticated: [...] }`):
 * what is declared and missing is added, and what an earlier start declared and the config no
 * longer does is removed; grants made over HTTP are left alone. What was declared is kept in
 * Strapi's key-value table (`strapi_core_store_settings`, a key Strapi ignores), so a start
 * with the same config writes nothing.
 */
import type { PluginContext } from '@platform/core';
import type { EntityService } from '@platform/query-engine';
import { PERMISSION_UID, ROLE_UID } from '../content-types';
import { errors } from '../errors';
import { expandPattern } from './known-actions';

const STORE_TABLE = 'strapi_core_store_settings';
const DECLARED_KEY = 'plugin_users-permissions_declared_permissions';

const UP = 'plugin::users-permissions';

export const DEFAULT_ROLES = [
  {
    type: 'authenticated',
    name: 'Authenticated',
    description: 'Default role given to authenticated user.',
    actions: [`${UP}.user.me`, `${UP}.auth.changePassword`],
  },
  {
    type: 'public',
    name: 'Public',
    description: 'Default role given to unauthenticated user.',
    actions: [
      `${UP}.auth.callback`,
      `${UP}.auth.connect`,
      `${UP}.auth.forgotPassword`,
      `${UP}.auth.resetPassword`,
      `${UP}.auth.register`,
      `${UP}.auth.emailConfirmation`,
      `${UP}.auth.sendEmailConfirmation`,
    ],
  },
];

type Declared = Record<string, string[]>;

async function readDeclared(ctx: PluginContext): Promise<Declared> {
  const row = await ctx.db.connection(STORE_TABLE).where({ key: DECLARED_KEY }).first('value');
  if (!row || typeof row.value !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(row.value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Declared) : {};
  } catch {
    return {};
  }
}

async function writeDeclared(ctx: PluginContext, declared: Declared): Promise<void> {
  const value = JSON.stringify(declared);
  const knex = ctx.db.connection;
  const updated = await knex(STORE_TABLE).where({ key: DECLARED_KEY }).update({ value, type: 'object' });
  if (!updated) await knex(STORE_TABLE).insert({ key: DECLARED_KEY, value, type: 'object', environment: null, tag: null });
}

/** The permission rows of a role: id and action. */
export async function rolePermissions(ctx: PluginContext, roleId: number): Promise<Array<{ id: number; action: string }>> {
  const rows = await ctx.db.connection('up_permissions as p').join('up_permissions_role_links as l', 'l.permission_id', 'p.id').where('l.role_id', roleId).select('p.id as id', 'p.action as action');
  return (rows as Array<{ id: number; action: string }>).map((r) => ({ id: Number(r.id), action: r.action }));
}

/** Makes the role's permissions include `add` and exclude `remove` (one entity-service write each). */
export async function changeRolePermissions(ctx: PluginContext, roleId: number, add: Iterable<string>, remove: Iterable<string>): Promise<boolean> {
  const entityService = ctx.service<EntityService>('plugin::query-engine.entity-service');
  const current = await rolePermissions(ctx, roleId);
  const have = new Set(current.map((p) => p.action));
  const dropping = new Set(remove);
  let changed = false;
  for (const permission of current) {
    if (!dropping.has(permission.action)) continue;
    await entityService.delete(PERMISSION_UID, permission.id);
    changed = true;
  }
  for (const action of new Set(add)) {
    if (have.has(action) && !dropping.has(action)) continue;
    await entityService.create(PERMISSION_UID, { data: { action, role: roleId } });
    changed = true;
  }
  return changed;
}

async function roleIds(ctx: PluginContext): Promise<Map<string, number>> {
  const rows = (await ctx.db.connection('up_roles').select('id', 'type')) as Array<{ id: number; type: string | null }>;
  return new Map(rows.filter((r) => r.type).map((r) => [r.type as string, Number(r.id)]));
}

/** Creates the default roles and applies the declared permissions; true when anything was written. */
export async function setupRoles(ctx: PluginContext, declaredConfig: Record<string, string[]>, known: readonly string[]): Promise<boolean> {
  const entityService = ctx.service<EntityService>('plugin::query-engine.entity-service');
  // Patterns are checked before anything is written: a wildcard that matches nothing is a typo.
  const declared: Declared = {};
  for (const [type, patterns] of Object.entries(declaredConfig)) {
    const actions = new Set<string>();
    for (const pattern of patterns) {
      const expanded = expandPattern(pattern, known);
      if (expanded.length === 0) throw errors.boot('PERMISSION_UNKNOWN', `config/plugins: "users-permissions.config.permissions.${type}" names "${pattern}", which matches no action of this app`);
      for (const action of expanded) actions.add(action);
    }
    declared[type] = [...actions].sort();
  }
  return ctx.db.transaction(async () => {
    let changed = false;
    const roles = await roleIds(ctx);
    for (const role of DEFAULT_ROLES) {
      if (roles.has(role.type)) continue;
      const created = await entityService.create(ROLE_UID, { data: { name: role.name, description: role.description, type: role.type } });
      roles.set(role.type, Number(created.id));
      await changeRolePermissions(ctx, Number(created.id), role.actions, []);
      changed = true;
    }
    const previous = await readDeclared(ctx);
    for (const type of new Set([...Object.keys(previous), ...Object.keys(declared)])) {
      let id = roles.get(type);
      const now = declared[type] ?? [];
      if (id === undefined) {
        if (now.length === 0) continue;
        const created = await entityService.create(ROLE_UID, { data: { name: type, description: '', type } });
        id = Number(created.id);
        roles.set(type, id);
      }
      const keep = new Set(now);
      const dropped = (previous[type] ?? []).filter((action) => !keep.has(action));
      if (await changeRolePermissions(ctx, id, now, dropped)) changed = true;
    }
    if (JSON.stringify(previous) !== JSON.stringify(declared)) {
      await writeDeclared(ctx, declared);
      changed = true;
    }
    return changed;
  });
}
