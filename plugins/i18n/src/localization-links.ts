/**
 * The localizations of an entry live in Strapi v4's `<table>_localizations_links`
 * (`<singular>_id`, `inv_<singular>_id`, `<singular>_order`): every entry of a group links to
 * every other one, in the group's order.
 */
import type { Knex } from 'knex';
import type { Model, RelationField } from '@platform/core';
import { LOCALIZATIONS } from './extend-schemas';

function linkOf(model: Model): RelationField {
  const field = model.fields.get(LOCALIZATIONS);
  if (!field || field.kind !== 'relation') throw new Error(`${model.uid} has no localizations relation`);
  return field;
}

/** The entry and every entry linked to it, in link order, the entry first. */
export async function localizationGroup(knex: Knex | Knex.Transaction, model: Model, id: number): Promise<number[]> {
  const { link } = linkOf(model);
  const query = knex(link.name).where(link.ownerColumn, id).select(link.targetColumn);
  if (link.targetOrderColumn) query.orderBy(link.targetOrderColumn, 'asc');
  const rows: Array<Record<string, unknown>> = await query.orderBy('id', 'asc');
  const ids = [id];
  for (const row of rows) {
    const other = Number(row[link.targetColumn]);
    if (!ids.includes(other)) ids.push(other);
  }
  return ids;
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
