/**
 * Whose content an administrator reaches under Strapi's creator conditions, as a condition a
 * query applies to a creator column (`created_by_id`): its own (`admin::is-creator`), or that of
 * every administrator sharing one of its roles (`admin::has-same-role-as-creator`), which is a
 * subquery on Strapi's role links, `IN (SELECT user_id FROM admin_users_roles_links WHERE role_id
 * IN (<its roles>))`. So the members of a role are never read into a list: a statement keeps the
 * same size and binds as many values (the administrator's roles) however many administrators
 * the roles have. Plugins apply it without knowing the admin's tables (extensions.ts CreatorScope).
 */
import type { Knex } from 'knex';
import type { PluginContext } from '@platform/core';
import { TABLES } from '../tables';

/** Keeps `qb` to the rows whose `column` (a creator column, qualified as the query needs) names an administrator in scope. */
export type CreatorCondition = (qb: Knex.QueryBuilder, column: string) => void;

/** what `AdminAbility.listScope` says of an action */
export type ListScope = 'all' | 'own' | 'same-role' | null;

/** The administrator whose scope it is. */
export interface ScopedUser {
  id: number;
  roleIds: readonly number[];
}

/** nobody's content (no permission for the action) */
const NOBODY: CreatorCondition = (qb) => void qb.whereRaw('1 = 0');

/**
 * The condition of a list scope: null for 'all' (everyone's content), nobody's for no
 * permission at all, else the administrator's own or its roles' members'.
 */
export function creatorCondition(ctx: PluginContext, scope: ListScope, user: ScopedUser): CreatorCondition | null {
  if (scope === 'all') return null;
  if (scope === 'own') return (qb, column) => void qb.where(column, user.id);
  if (scope === null || user.roleIds.length === 0) return NOBODY;
  const roleIds = [...user.roleIds];
  // A NULL user id in a link row would turn a NOT around the IN into NULL for everyone: none is selected.
  return (qb, column) => void qb.whereIn(column, ctx.db.knex(TABLES.userRoles).select('user_id').whereIn('role_id', roleIds).whereNotNull('user_id'));
}

/**
 * Whether the administrator `creator` (an entry's creator; null: none) is one whose content the
 * scope opens: no statement for the administrator's own, one row of the role links (by the
 * creator's id and the administrator's roles) under the same-role condition.
 */
export async function creatorInScope(ctx: PluginContext, scope: ListScope, user: ScopedUser, creator: number | null): Promise<boolean> {
  if (scope === 'all') return true;
  if (creator === null || scope === null) return false;
  if (scope === 'own') return creator === user.id;
  if (user.roleIds.length === 0) return false;
  const link = await ctx.db
    .connection(TABLES.userRoles)
    .where('user_id', creator)
    .whereIn('role_id', [...user.roleIds])
    .first('user_id');
  return link !== undefined;
}
