/**
 * Long id lists are sent to the database in slices. Every database caps the values one
 * statement may bind (SQLite 32,766, PostgreSQL and MariaDB 65,535), and a statement near the
 * cap is also hundreds of kilobytes of SQL in any error message; a slice of `SQL_CHUNK` values
 * (times at most a few columns for inserted rows) stays far below every cap.
 */
export const SQL_CHUNK = 1000;

/**
 * Rows per multi-row insert: the query builder writes one for SQLite as a compound SELECT,
 * which SQLite caps at 500 terms.
 */
export const INSERT_CHUNK = 250;

/**
 * Entries per slice of a bulk delete (`entityService.deleteMany`): each slice's id list is bound
 * in a few statements (its rows, its read-back, its links), a few hundred values each.
 */
export const DELETE_CHUNK = 500;

/** `items` in consecutive slices of at most `size`, in order (none for an empty list). */
export function chunks<T>(items: readonly T[], size: number = SQL_CHUNK): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer (got ${size})`);
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
