/**
 * One boot at a time per database: the schema sync and the plugins' bootstrap (which seed rows,
 * such as roles) run under a database-wide lock, so nodes started together on one MariaDB or
 * PostgreSQL database take turns instead of racing to create the same tables, columns and
 * rows. The later node finds the schema made and has nothing to change. A session lock is
 * polled (never a blocking wait, which the statement timeout would cancel); it belongs to one
 * connection held for the whole boot, and is freed with it if the process dies.
 * The app's migrations run under it too.
 * SQLite is one file that one machine's processes share: its own write lock serializes them.
 */
import type { Knex } from 'knex';
import type { Database } from './database';

/**
 * The lock's number (a PostgreSQL advisory lock, which belongs to the current database) and
 * name (MariaDB's named locks are server-wide: the name carries a digest of the current
 * database's name, so apps on other databases of the same server boot without waiting).
 */
const LOCK_KEY = 0x706c6174; // "plat"
const MYSQL_LOCK_NAME = "concat('platform_boot:', sha1(database()))";
const POLL_MS = 100;
const WAIT_MS = 10 * 60 * 1000;

interface LockQueries {
  take: string;
  release: string;
  bindings: Array<string | number>;
}

export function lockQueries(client: Database['client']): LockQueries | null {
  if (client === 'postgres') return { take: 'select pg_try_advisory_lock(?) as taken', release: 'select pg_advisory_unlock(?)', bindings: [LOCK_KEY] };
  if (client === 'mysql') return { take: `select get_lock(${MYSQL_LOCK_NAME}, 0) as taken`, release: `select release_lock(${MYSQL_LOCK_NAME})`, bindings: [] };
  return null;
}

function taken(result: unknown): boolean {
  // pg: { rows: [{ taken: true }] }; mysql2: [[{ taken: 1 }], fields]
  const rows = (result as { rows?: Array<{ taken: unknown }> }).rows ?? (result as Array<Array<{ taken: unknown }>>)[0];
  const value = rows?.[0]?.taken;
  return value === true || value === 1 || value === '1';
}

export async function withBootLock<T>(db: Database, fn: () => Promise<T>, log?: { info(message: string): void }): Promise<T> {
  const queries = lockQueries(db.client);
  const client = db.knex.client as { pool?: { max?: number }; acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<void> };
  // A pool of one connection could not hold the lock and sync beside it: such a node boots alone.
  if (!queries || (client.pool?.max ?? 2) < 2) return fn();
  const connection = await client.acquireConnection();
  const run = (sql: string) => db.knex.raw(sql, queries.bindings).connection(connection as Knex.Client) as Promise<unknown>;
  try {
    const until = Date.now() + WAIT_MS;
    let waited = false;
    while (!taken(await run(queries.take))) {
      if (!waited) log?.info('database: another node is booting on this database; waiting for it to finish');
      waited = true;
      if (Date.now() > until) throw new Error(`database: another node held the boot lock for more than ${WAIT_MS / 60000} minutes`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await fn();
    } finally {
      await run(queries.release);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}
