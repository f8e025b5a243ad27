/**
 * Keeps the shared (non-localized) scalar attributes equal across an entry's localizations.
 * Values are copied as stored, column to column, so no type conversion is involved; JSON
 * values are re-serialized because the drivers hand them back parsed.
 */
import type { Knex } from 'knex';
import type { Model } from '@platform/core';
import { sharedScalarFields } from './localized-model';

function toBinding(value: unknown): unknown {
  if (value === null || value === undefined || value instanceof Date || Buffer.isBuffer(value)) return value ?? null;
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Copies the shared attributes named in `names` from entry `id` to `targets`. */
export async function pushSharedFields(knex: Knex | Knex.Transaction, model: Model, id: number, targets: number[], names: Iterable<string>): Promise<void> {
  const wanted = new Set(names);
  const fields = sharedScalarFields(model).filter((f) => wanted.has(f.name));
  const others = targets.filter((t) => t !== id);
  if (fields.length === 0 || others.length === 0) return;
  const row: Record<string, unknown> | undefined = await knex(model.tableName).where('id', id).first(fields.map((f) => f.column));
  if (!row) return;
  const values: Record<string, unknown> = {};
  for (const field of fields) values[field.column] = toBinding(row[field.column]);
  await knex(model.tableName).whereIn('id', others).update(values);
}

/** The shared attribute names found in a write's data. */
export function sharedNamesIn(model: Model, data: Record<string, unknown>): string[] {
  return sharedScalarFields(model).map((f) => f.name).filter((name) => Object.prototype.hasOwnProperty.call(data, name));
}

/** Fills `data` with the shared values of an existing localization, for those it does not send. */
export function fillSharedFields(model: Model, data: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const field of sharedScalarFields(model)) {
    if (Object.prototype.hasOwnProperty.call(data, field.name)) continue;
    if (Object.prototype.hasOwnProperty.call(source, field.name)) data[field.name] = source[field.name];
  }
}
