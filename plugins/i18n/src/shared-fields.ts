/**
 * Keeps the shared (non-localized) scalar attributes equal across an entry's localizations.
 * Values are read from the source row, brought to their canonical form and stored through the
 * query engine's own conversion, so a copy holds exactly what a write of the same value would
 * (JSON text with its quotes, booleans as each database stores them, datetimes as Dates).
 */
import type { Knex } from 'knex';
import type { DatabaseClient, Model } from '@platform/core';
import { fromDatabaseValue, storedColumn, toDatabaseValue } from '@platform/query-engine';
import { sharedScalarFields } from './localized-model';

/** Copies the shared attributes named in `names` from entry `id` to `targets`. */
export async function pushSharedFields(knex: Knex | Knex.Transaction, client: DatabaseClient, model: Model, id: number, targets: number[], names: Iterable<string>): Promise<void> {
  const wanted = new Set(names);
  const fields = sharedScalarFields(model).filter((f) => wanted.has(f.name));
  const others = targets.filter((t) => t !== id);
  if (fields.length === 0 || others.length === 0) return;
  const columns = fields.map((f) => storedColumn(knex, client, f));
  const row: Record<string, unknown> | undefined = await knex(model.tableName).where('id', id).first(columns);
  if (!row) return;
  const values: Record<string, unknown> = {};
  for (const field of fields) values[field.column] = toDatabaseValue(field, fromDatabaseValue(field, row[field.column]), client);
  await knex(model.tableName).whereIn('id', others).update(values);
}

/** The shared attribute names found in a write's data. */
export function sharedNamesIn(model: Model, data: Record<string, unknown>): string[] {
  return sharedScalarFields(model)
    .map((f) => f.name)
    .filter((name) => Object.hasOwn(data, name));
}

/** Fills `data` with the shared values of an existing localization, for those it does not send. */
export function fillSharedFields(model: Model, data: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const field of sharedScalarFields(model)) {
    if (Object.hasOwn(data, field.name)) continue;
    if (Object.hasOwn(source, field.name)) data[field.name] = source[field.name];
  }
}
