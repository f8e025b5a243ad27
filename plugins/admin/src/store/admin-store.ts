/**
 * The administrators and their roles, read and written in Strapi v4's tables (./schema.ts).
 * Every method runs on the current transaction when one is open (`db.connection`).
 */
import type { Database } from '@platform/core';
import { TABLES } from '../tables';
import { insertRow, isoDate, toBoolean } from './rows';

export interface AdminRole {
  id: number;
  name: string;
  code: string;
  description: string | null;
}

export interface AdminUserRow {
  id: number;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  email: string;
  password: string | null;
  isActive: boolean;
  blocked: boolean;
  preferedLanguage: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  roleIds: number[];
}

/** An administrator as the admin API shows it: never its password or tokens. */
export interface AdminUser {
  id: number;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
  email: string;
  isActive: boolean;
  blocked: boolean;
  preferedLanguage: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  roles: AdminRole[];
}

export interface NewAdminUser {
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
  email: string;
  /** a bcrypt hash */
  password: string | null;
  isActive: boolean;
  roleIds: number[];
  registrationToken?: string | null;
}

const USER_COLUMNS = ['id', 'firstname', 'lastname', 'username', 'email', 'password', 'is_active', 'blocked', 'prefered_language', 'created_at', 'updated_at'];

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

function toUserRow(row: Record<string, unknown>, roleIds: number[]): AdminUserRow {
  return {
    id: Number(row.id),
    firstname: text(row.firstname),
    lastname: text(row.lastname),
    username: text(row.username),
    email: String(row.email ?? ''),
    password: text(row.password),
    isActive: toBoolean(row.is_active),
    blocked: toBoolean(row.blocked),
    preferedLanguage: text(row.prefered_language),
    createdAt: isoDate(row.created_at),
    updatedAt: isoDate(row.updated_at),
    roleIds,
  };
}

function toRole(row: Record<string, unknown>): AdminRole {
  return { id: Number(row.id), name: String(row.name ?? ''), code: String(row.code ?? ''), description: text(row.description) };
}

export function publicUser(row: AdminUserRow, roles: readonly AdminRole[]): AdminUser {
  const { password: _password, roleIds, ...shown } = row;
  return { ...shown, roles: roles.filter((role) => roleIds.includes(role.id)) };
}

/** Emails are compared and kept lower-cased, as Strapi does. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAdminStore(db: () => Database) {
  const q = () => db().connection;

  /** Users with their role ids, in one statement (a left join on the link table). */
  async function usersWhere(where: (qb: ReturnType<ReturnType<typeof q>['queryBuilder']>) => void): Promise<AdminUserRow[]> {
    const qb = q().queryBuilder().from(`${TABLES.users} as u`).leftJoin(`${TABLES.userRoles} as l`, 'l.user_id', 'u.id');
    where(qb);
    const rows = (await qb.select(...USER_COLUMNS.map((c) => `u.${c}`), 'l.role_id as role_id').orderBy([{ column: 'u.id' }, { column: 'l.role_order' }])) as Array<Record<string, unknown>>;
    const byId = new Map<number, AdminUserRow>();
    for (const row of rows) {
      const id = Number(row.id);
      let user = byId.get(id);
      if (!user) {
        user = toUserRow(row, []);
        byId.set(id, user);
      }
      if (row.role_id !== null && row.role_id !== undefined) user.roleIds.push(Number(row.role_id));
    }
    return [...byId.values()];
  }

  return {
    async countUsers(): Promise<number> {
      const [row] = (await q()(TABLES.users).count({ n: '*' })) as Array<{ n: number | string }>;
      return Number(row?.n ?? 0);
    },
    async userById(id: number): Promise<AdminUserRow | null> {
      return (await usersWhere((qb) => qb.where('u.id', id)))[0] ?? null;
    },
    async userByEmail(email: string): Promise<AdminUserRow | null> {
      return (await usersWhere((qb) => qb.where('u.email', normalizeEmail(email))))[0] ?? null;
    },
    async listUsers(options: { page: number; pageSize: number; search?: string }): Promise<{ users: AdminUserRow[]; total: number }> {
      const filter = (qb: ReturnType<ReturnType<typeof q>['queryBuilder']>) => {
        if (options.search) {
          const like = `%${options.search.toLowerCase()}%`;
          qb.where((w) => w.whereRaw('lower(firstname) like ?', [like]).orWhereRaw('lower(lastname) like ?', [like]).orWhereRaw('lower(email) like ?', [like]));
        }
      };
      const countQb = q()(TABLES.users);
      filter(countQb);
      const [counted] = (await countQb.count({ n: '*' })) as Array<{ n: number | string }>;
      const idsQb = q()(TABLES.users)
        .select('id')
        .orderBy('id')
        .limit(options.pageSize)
        .offset((options.page - 1) * options.pageSize);
      filter(idsQb);
      const ids = ((await idsQb) as Array<{ id: number }>).map((r) => Number(r.id));
      const users = ids.length === 0 ? [] : await usersWhere((qb) => qb.whereIn('u.id', ids));
      return { users, total: Number(counted?.n ?? 0) };
    },
    async createUser(user: NewAdminUser): Promise<number> {
      const now = new Date();
      const id = await insertRow(q(), db().client, TABLES.users, {
        firstname: user.firstname ?? null,
        lastname: user.lastname ?? null,
        username: user.username ?? null,
        email: normalizeEmail(user.email),
        password: user.password,
        registration_token: user.registrationToken ?? null,
        is_active: user.isActive,
        blocked: false,
        created_at: now,
        updated_at: now,
      });
      await this.setUserRoles(id, user.roleIds);
      return id;
    },
    async updateUser(id: number, changes: Partial<Omit<NewAdminUser, 'roleIds'>> & { blocked?: boolean; preferedLanguage?: string | null }): Promise<void> {
      const row: Record<string, unknown> = { updated_at: new Date() };
      if (changes.firstname !== undefined) row.firstname = changes.firstname;
      if (changes.lastname !== undefined) row.lastname = changes.lastname;
      if (changes.username !== undefined) row.username = changes.username;
      if (changes.email !== undefined) row.email = normalizeEmail(changes.email);
      if (changes.password !== undefined) row.password = changes.password;
      if (changes.isActive !== undefined) row.is_active = changes.isActive;
      if (changes.blocked !== undefined) row.blocked = changes.blocked;
      if (changes.preferedLanguage !== undefined) row.prefered_language = changes.preferedLanguage;
      await q()(TABLES.users).where('id', id).update(row);
    },
    async setUserRoles(userId: number, roleIds: number[]): Promise<void> {
      await q()(TABLES.userRoles).where('user_id', userId).delete();
      if (roleIds.length > 0) await q()(TABLES.userRoles).insert(roleIds.map((roleId, index) => ({ user_id: userId, role_id: roleId, role_order: index + 1, user_order: 1 })));
    },
    async deleteUser(id: number): Promise<void> {
      await q()(TABLES.userRoles).where('user_id', id).delete();
      await q()(TABLES.users).where('id', id).delete();
    },
    async roles(): Promise<AdminRole[]> {
      return ((await q()(TABLES.roles).select('id', 'name', 'code', 'description').orderBy('id')) as Array<Record<string, unknown>>).map(toRole);
    },
    async roleUserCounts(): Promise<Map<number, number>> {
      const rows = (await q()(TABLES.userRoles).select('role_id').count({ n: '*' }).groupBy('role_id')) as Array<{ role_id: number; n: number | string }>;
      return new Map(rows.map((r) => [Number(r.role_id), Number(r.n)]));
    },
    async createRole(role: { name: string; code: string; description: string | null }): Promise<number> {
      const now = new Date();
      return insertRow(q(), db().client, TABLES.roles, { ...role, created_at: now, updated_at: now });
    },
    async updateRole(id: number, changes: { name?: string; description?: string | null }): Promise<void> {
      await q()(TABLES.roles)
        .where('id', id)
        .update({ ...changes, updated_at: new Date() });
    },
    async deleteRole(id: number): Promise<void> {
      await q()(TABLES.userRoles).where('role_id', id).delete();
      await q()(TABLES.roles).where('id', id).delete();
    },
    /** Ids of the administrators holding the role. */
    async usersOfRole(roleId: number): Promise<number[]> {
      return ((await q()(TABLES.userRoles).where('role_id', roleId).select('user_id')) as Array<{ user_id: number }>).map((r) => Number(r.user_id));
    },
  };
}

export type AdminStore = ReturnType<typeof createAdminStore>;
