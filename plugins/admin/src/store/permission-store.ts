/**
 * Roles' permissions in `admin_permissions` and `admin_permissions_role_links`, as Strapi v4
 * keeps them (JSON columns `properties`, `conditions`, `action_parameters`).
 */
import type { Database } from '@platform/core';
import { TABLES } from '../tables';
import type { StoredPermission } from '../permissions/ability';
import { insertRow, jsonColumn, parseJson } from './rows';

export interface NewPermission {
  action: string;
  subject?: string | null;
  properties?: StoredPermission['properties'];
  conditions?: string[];
}

export function createPermissionStore(db: () => Database) {
  const q = () => db().connection;
  return {
    async forRoles(roleIds: readonly number[]): Promise<StoredPermission[]> {
      if (roleIds.length === 0) return [];
      const rows = (await q()
        .queryBuilder()
        .from(`${TABLES.permissions} as p`)
        .join(`${TABLES.permissionRole} as l`, 'l.permission_id', 'p.id')
        .whereIn('l.role_id', [...roleIds])
        .select('p.id', 'p.action', 'p.subject', 'p.properties', 'p.conditions', 'p.action_parameters', 'l.role_id')
        .orderBy('p.id')) as Array<Record<string, unknown>>;
      return rows.map((row) => ({
        id: Number(row.id),
        action: String(row.action),
        subject: row.subject === null || row.subject === undefined ? null : String(row.subject),
        properties: parseJson(row.properties, {}),
        conditions: conditionList(row.conditions),
        actionParameters: parseJson(row.action_parameters, {}),
        roleId: Number(row.role_id),
      }));
    },
    /** Replaces every permission of the role. */
    async setForRole(roleId: number, permissions: readonly NewPermission[]): Promise<void> {
      const old = ((await q()(TABLES.permissionRole).where('role_id', roleId).select('permission_id')) as Array<{ permission_id: number }>).map((r) => Number(r.permission_id));
      if (old.length > 0) {
        await q()(TABLES.permissionRole).whereIn('permission_id', old).delete();
        await q()(TABLES.permissions).whereIn('id', old).delete();
      }
      await this.add(roleId, permissions);
    },
    async add(roleId: number, permissions: readonly NewPermission[]): Promise<void> {
      const now = new Date();
      let order = 1;
      // one insert per row: MariaDB answers only the first id of a multi-row insert
      for (const permission of permissions) {
        const id = await insertRow(q(), db().client, TABLES.permissions, {
          action: permission.action,
          action_parameters: jsonColumn({}),
          subject: permission.subject ?? null,
          properties: jsonColumn(permission.properties ?? {}),
          conditions: jsonColumn(permission.conditions ?? []),
          created_at: now,
          updated_at: now,
        });
        await q()(TABLES.permissionRole).insert({ permission_id: id, role_id: roleId, permission_order: order++ });
      }
    },
    async deleteForRole(roleId: number): Promise<void> {
      await this.setForRole(roleId, []);
    },
  };
}

export type PermissionStore = ReturnType<typeof createPermissionStore>;

function conditionList(value: unknown): string[] {
  const parsed = parseJson<unknown>(value, []);
  return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
}
