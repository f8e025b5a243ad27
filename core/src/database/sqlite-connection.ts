/**
 * What every new SQLite connection gets besides its pragmas: a prepared-statement cache and
 * Unicode-aware case folding. Used from the knex pool's `afterCreate` (see connection.ts).
 */
export interface SqliteConnection {
  pragma(sql: string): unknown;
  prepare(sql: string): unknown;
}

export interface SqliteFunctions {
  function(name: string, options: { deterministic: boolean }, fn: (value: unknown) => unknown): unknown;
}

/**
 * SQLite's own `lower()`/`upper()` fold ASCII only, so `$containsi: 'É'` would not find `été`
 * there while MariaDB and PostgreSQL do. The connection gets Unicode-aware versions.
 */
export function registerUnicodeCase(conn: SqliteFunctions): void {
  conn.function('lower', { deterministic: true }, (value) => (typeof value === 'string' ? value.toLowerCase() : value));
  conn.function('upper', { deterministic: true }, (value) => (typeof value === 'string' ? value.toUpperCase() : value));
}

/** Prepared statements kept per connection; the API issues a few dozen distinct SQL texts. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * knex prepares every query anew on better-sqlite3, which costs as much as running a small
 * one. Statements are reusable (knex only calls `all`/`run`, which finish synchronously, and
 * SQLite re-prepares a statement by itself after a schema change), so the connection keeps the
 * most recent ones by SQL text.
 */
export function cacheStatements(conn: SqliteConnection, size = STATEMENT_CACHE_SIZE): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement !== undefined) {
      // most recently used last: the oldest entry is the first one evicted
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, statement);
    return statement;
  };
}
