/**
 * The localizations of an entry live in Strapi v4's `<table>_localizations_links`
 * (`<singular>_id`, `inv_<singular>_id`, `<singular>_order`): every entry of a group links to
 * every other one, in the group's order.
 */
import type { Knex } from 'knex';
import type { Model, RelationField } from '@platform/core';
import { errors } from './errors';
import { LOCALIZATIONS } from './extend-schemas';

function linkOf(model: Model): RelationField {
  const field = model.fields.get(LOCALIZATIONS);
  if (field?.kind !== 'relation') throw errors.internal('MODEL_NOT_LOCALIZED', `${model.uid} has no localizations relation`);
  return field;
}

/** The entry and every entry linked to it, in link order, the entry first. */
export async function localizationGroup(knex: Knex | Knex.Transaction, model: Model, id: number): Promise<number[]> {
  return (await localizationGroups(knex, model, [id])).get(id) as number[];
}

/** `localizationGroup` of each of `ids`, in one query. */
export async function localizationGroups(knex: Knex | Knex.Transaction, model: Model, ids: number[]): Promise<Map<number, number[]>> {
  const { link } = linkOf(model);
  const groups = new Map<number, number[]>(ids.map((id) => [id, [id]]));
  if (ids.length === 0) return groups;
  const query = knex(link.name).whereIn(link.ownerColumn, ids).select(link.ownerColumn, link.targetColumn);
  if (link.targetOrderColumn) query.orderBy(link.targetOrderColumn, 'asc');
  const rows: Array<Record<string, unknown>> = await query.orderBy('id', 'asc');
  for (const row of rows) {
    const group = groups.get(Number(row[link.ownerColumn]));
    const other = Number(row[link.targetColumn]);
    if (group && !group.includes(other)) group.push(other);
  }
  return groups;
}

/** Makes `ids` one group: each links to all others, ordered as given. */
export async function linkGroup(knex: Knex | Knex.Transaction, model: Model, ids: number[]): Promise<void> {
  const { link } = linkOf(model);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await knex(link.name).whereIn(link.ownerColumn, unique).delete();
  await knex(link.name).whereIn(link.targetColumn, unique).delete();
  const rows: Array<Record<string, unknown>> = [];
  for (const owner of unique) {
    let order = 1;
    for (const target of unique) {
      if (target === owner) continue;
      const row: Record<string, unknown> = { [link.ownerColumn]: owner, [link.targetColumn]: target };
      if (link.targetOrderColumn) row[link.targetOrderColumn] = order;
      order += 1;
      rows.push(row);
    }
  }
  if (rows.length > 0) await knex(link.name).insert(rows);
}
