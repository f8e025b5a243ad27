/**
 * Entry ids, as clients send them and as the database can hold them. Every plugin that reads
 * an id from a path, a body or a query parses it here, so an id means the same everywhere.
 */

/** The range of a 4-byte integer column (`integer` on PostgreSQL, `int` on MariaDB). */
export const INT4_RANGE = { min: -2147483648, max: 2147483647 } as const;

/**
 * Ids are `increments` columns, 4-byte on PostgreSQL and MariaDB: a larger id names no entry,
 * and PostgreSQL refuses to compare the column with it (an error where the others find nothing).
 */
export const MAX_ID = INT4_RANGE.max;

/** A positive safe integer, sent as a number or a string of digits; null for anything else. */
export function parseId(value: unknown): number | null {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether an id fits the id column: a larger one can only be missing, so it is never queried. */
export function isStorableId(id: number): boolean {
  return id <= MAX_ID;
}

/** The ids of a list that can exist (see `isStorableId`). */
export function storableIds(ids: readonly number[]): number[] {
  return ids.filter(isStorableId);
}
