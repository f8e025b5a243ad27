/**
 * Rows the kernel keeps hidden though no attribute describes the column that hides them
 * (`model.hiddenRows`, set by `database.keepHiddenRows` when the plugin that hid them is off).
 * Unlike the `scope` hook, no read sees them: not an internal one (`includeHidden`), not a
 * lookup before a write, not the relation writer's check that linked ids exist.
 */
import type { Knex } from 'knex';
import type { Model } from '@platform/core';

/** Adds `column IS NOT NULL` for each of the model's hiding columns; `alias` names the table in `qb`. */
export function whereVisibleRows(qb: Knex.QueryBuilder, model: Pick<Model, 'hiddenRows'>, alias?: string): Knex.QueryBuilder {
  for (const { column } of model.hiddenRows ?? []) qb.whereNotNull(alias ? `${alias}.${column}` : column);
  return qb;
}

/** The hiding columns' values of a new row: the row is visible, as every row written while the attribute is off. */
export function visibleRowValues(model: Pick<Model, 'hiddenRows'>, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { column, fillFrom } of model.hiddenRows ?? []) out[column] = row[fillFrom] ?? new Date();
  return out;
}
