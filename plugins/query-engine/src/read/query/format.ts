/**
 * Turns a database row into a JSON-ready entry, whatever the driver returned (the conversion
 * itself is stored-value.ts, shared with the write path). Keys: `id`, then the selected
 * attributes in schema order.
 */
import type { ScalarType } from '@platform/core';
import type { Entity } from '../../types';
import type { FormatRow } from './contracts';
import { fromStoredValue, storedDateTime } from '../../stored-value';
import { isoText } from './iso-text';

export const formatRow: FormatRow = (model, row, fields) => {
  void model;
  const entity: Entity = { id: Number(row.id) };
  for (const field of fields) entity[field.name] = formatValue(field.type, row[field.column]);
  return entity;
};

/** The API form of a stored value: `fromStoredValue`, with datetimes as ISO text. */
export function formatValue(type: ScalarType, value: unknown): unknown {
  if (type !== 'datetime' && type !== 'timestamp') return fromStoredValue(type, value);
  if (value === null || value === undefined) return null;
  // SQLite's epoch milliseconds first: the common case on the hot path; then the Dates the
  // MariaDB and PostgreSQL drivers make, through the same last-value memo
  if (typeof value === 'number') return isoOfMillis(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return isoOfMillis(value.getTime());
  // already the answer's form (PostgreSQL's UTC values, read with `isoTimestamps`): as it is
  if (typeof value === 'string' && ISO_MILLIS.test(value)) return value;
  // text no reader understands is shown as stored rather than hidden
  return storedDateTime(value)?.toISOString() ?? value;
}

/** `toISOString()`'s form; a string in it is what formatting its Date would give (or, if no day has those numbers, what is stored, as for any unreadable text). */
const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The last epoch value formatted, and its text: a row's `createdAt` and `updatedAt` are often
 * the same instant, and rows written together share it, so this saves formatting most of them again.
 */
let lastMillis = NaN;
let lastIso = '';

function isoOfMillis(value: number): unknown {
  if (value === lastMillis) return lastIso;
  const iso = isoText(value);
  if (iso === null) return value;
  lastMillis = value;
  lastIso = iso;
  return lastIso;
}
