/**
 * What a permission's conditions need to know of one entry: its creator (Strapi's
 * `created_by_id` column), the creator's roles when a rule asks for them, and its locale.
 * One statement, two when `admin::has-same-role-as-creator` is in play.
 */
import type { Model, PluginContext } from '@platform/core';
import { TABLES } from '../tables';
import { SAME_ROLE_AS_CREATOR } from '../permissions/actions';
import type { EntryFacts, Rule } from '../permissions/ability';

export async function entryFacts(ctx: PluginContext, model: Model, id: number, rules: readonly Rule[]): Promise<EntryFacts | null> {
  const columns = ['id'];
  if (model.hasCreatorColumns) columns.push('created_by_id');
  if (model.fields.has('locale')) columns.push('locale');
  const row = (await ctx.db.connection(model.tableName).where('id', id).first(columns)) as Record<string, unknown> | undefined;
  if (!row) return null;
  const createdById = row.created_by_id === null || row.created_by_id === undefined ? null : Number(row.created_by_id);
  const facts: EntryFacts = { createdById, locale: row.locale === undefined ? undefined : (row.locale as string | null) };
  if (createdById !== null && rules.some((rule) => rule.conditions.includes(SAME_ROLE_AS_CREATOR))) {
    facts.creatorRoleIds = ((await ctx.db.connection(TABLES.userRoles).where('user_id', createdById).select('role_id')) as Array<{ role_id: number }>).map((r) => Number(r.role_id));
  }
  return facts;
}

export interface CreatorView {
  id: number;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
}

/** Who created and last updated an entry (Strapi's `createdBy`/`updatedBy`, as its content manager shows them). */
export async function creatorsOf(ctx: PluginContext, model: Model, id: number): Promise<{ createdBy: CreatorView | null; updatedBy: CreatorView | null }> {
  if (!model.hasCreatorColumns) return { createdBy: null, updatedBy: null };
  const row = (await ctx.db.connection(model.tableName).where('id', id).first('created_by_id', 'updated_by_id')) as Record<string, unknown> | undefined;
  const ids = [row?.created_by_id, row?.updated_by_id].filter((v) => v !== null && v !== undefined).map(Number);
  if (ids.length === 0) return { createdBy: null, updatedBy: null };
  const people = (await ctx.db
    .connection(TABLES.users)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'firstname', 'lastname', 'username')) as Array<Record<string, unknown>>;
  const find = (value: unknown): CreatorView | null => {
    const person = people.find((p) => Number(p.id) === Number(value));
    return person
      ? { id: Number(person.id), firstname: (person.firstname as string | null) ?? null, lastname: (person.lastname as string | null) ?? null, username: (person.username as string | null) ?? null }
      : null;
  };
  return { createdBy: find(row?.created_by_id), updatedBy: find(row?.updated_by_id) };
}
