/**
 * The database handle every plugin uses: one knex instance, a transaction helper that nested
 * calls share (AsyncLocalStorage), and a query listener (tests count queries with it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseClient } from './connection';
import { shortenQueryError } from './short-query-error';
import { runSelect } from './run-select';
import { isoOfTimestamptz, TIMESTAMPTZ_OID } from './iso-timestamps';
import { ASYNC_CONTEXT_TRACKS_EVERY_PROMISE } from '../util/async-context';

/** What a select hands pg with its statement (per-statement type parsers). */
interface PgQueryOptions {
  types: { getTypeParser(oid: number, format?: string): unknown };
}

let postgresIsoSelect: PgQueryOptions | null = null;

/**
 * PostgreSQL DATE and NUMERIC come back as strings so that no time zone shifts a date and no
 * precision is lost; the query engine converts them per attribute type. The driver is loaded
 * only when a PostgreSQL database is used, which keeps it out of a SQLite start-up. Set once per
 * process; returns the options of a select with `isoTimestamps`: pg's parsers, but for
 * `timestamptz`, which gives UTC values as ISO text (./iso-timestamps.ts).
 */
function setPostgresTypeParsers(): PgQueryOptions {
  if (postgresIsoSelect) return postgresIsoSelect;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pg = require('pg') as typeof import('pg');
  pg.types.setTypeParser(1082, (value: string) => value);
  // json and jsonb as their text, as the other clients give them; the query engine parses it.
  pg.types.setTypeParser(114, (value: string) => value);
  pg.types.setTypeParser(3802, (value: string) => value);
  const asDate = pg.types.getTypeParser(TIMESTAMPTZ_OID) as (text: string) => unknown;
  const asIso = (text: string) => isoOfTimestamptz(text, asDate);
  postgresIsoSelect = { types: { getTypeParser: (oid, format) => (oid === TIMESTAMPTZ_OID && format !== 'binary' ? asIso : pg.types.getTypeParser(oid, format as 'text')) } };
  return postgresIsoSelect;
}

const MAX_TRANSACTION_ATTEMPTS = 5;

/**
 * Where AsyncLocalStorage costs every promise once used (../util/async-context.ts), the storage
 * is switched off whenever no transaction is open; the next `run()` switches it on again. In an
 * A/B over HTTP on Node 20 that was 7–9 % of a read by id's CPU and about 11 % of a
 * `populate=*`'s, on requests that open no transaction.
 */
const SWITCH_OFF_WHEN_IDLE = ASYNC_CONTEXT_TRACKS_EVERY_PROMISE;

/**
 * A deadlock or serialization failure: the transaction was rolled back and may be retried. The
 * driver's error may come wrapped (a hook tap's failure keeps it as `cause`).
 */
export function isRetryableConflict(error: unknown): boolean {
  let e = error as { errno?: number; code?: string; cause?: unknown } | null | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    // MySQL/MariaDB: 1213 deadlock, 1205 lock wait timeout; PostgreSQL: 40P01 deadlock, 40001 serialization.
    if (e.errno === 1213 || e.errno === 1205 || e.code === 'ER_LOCK_DEADLOCK' || e.code === '40P01' || e.code === '40001') return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface QueryEvent {
  sql: string;
  bindings: readonly unknown[];
}

export class Database {
  readonly knex: Knex;
  readonly client: DatabaseClient;
  private readonly storage = new AsyncLocalStorage<Knex.Transaction>();
  /** transactions begun and not yet ended, waiting ones included (SWITCH_OFF_WHEN_IDLE) */
  private openTransactions = 0;
  /** what waits for each open transaction to commit (afterCommit) */
  private readonly commitCallbacks = new WeakMap<Knex.Transaction, Array<() => unknown>>();
  private readonly listeners = new Set<(event: QueryEvent) => void>();
  /** the driver options of a select with `isoTimestamps` (PostgreSQL only) */
  private readonly isoSelect: PgQueryOptions | undefined;

  constructor(client: DatabaseClient, config: Knex.Config) {
    this.client = client;
    this.isoSelect = client === 'postgres' ? setPostgresTypeParsers() : undefined;
    this.knex = knexFactory(config);
    this.knex.on('query', (data: { sql: string; bindings?: unknown[] }) => {
      if (this.listeners.size === 0) return;
      const event = { sql: data.sql, bindings: data.bindings ?? [] };
      for (const listener of this.listeners) listener(event);
    });
    // Before the error reaches any caller or log line (./short-query-error.ts).
    this.knex.on('query-error', (error: unknown) => shortenQueryError(error));
  }

  /** The current transaction if one is open in this async context, else the pool. */
  get connection(): Knex | Knex.Transaction {
    return this.storage.getStore() ?? this.knex;
  }

  /**
   * Runs a compiled SELECT (`QueryBuilder#toSQL()`'s SQL and bindings) on the current connection,
   * as awaiting its builder would, without building it again (./run-select.ts). With
   * `isoTimestamps`, PostgreSQL's `timestamptz` values in UTC come back as ISO text instead of
   * Dates (./iso-timestamps.ts), for a reader that only formats them; other clients are unchanged.
   */
  select<Row = Record<string, unknown>>(statement: { sql: string; bindings: readonly unknown[] }, options: { isoTimestamps?: boolean } = {}): Promise<Row[]> {
    return runSelect<Row>(this.connection, statement.sql, statement.bindings, options.isoTimestamps ? this.isoSelect : undefined);
  }

  /**
   * Runs `fn` in a transaction. A nested call joins the transaction already open, so a write
   * made of several steps (entry, components, relations) is one transaction.
   */
  async transaction<T>(fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    const current = this.storage.getStore();
    if (current) return fn(current);
    // MySQL/MariaDB default to REPEATABLE READ: a write would read lists (relation orders) from
    // a snapshot taken before a concurrent writer committed, and its locking reads take gap
    // locks that deadlock parallel inserts. READ COMMITTED behaves as PostgreSQL does.
    const config = this.client === 'mysql' ? { isolationLevel: 'read committed' as const } : undefined;
    this.openTransactions += 1;
    try {
      return await this.runTransaction(fn, config);
    } finally {
      this.openTransactions -= 1;
      // none open: no async context needs the storage until the next run() (see SWITCH_OFF_WHEN_IDLE)
      if (this.openTransactions === 0 && SWITCH_OFF_WHEN_IDLE) this.storage.disable();
    }
  }

  private async runTransaction<T>(fn: (trx: Knex.Transaction) => Promise<T>, config: Knex.TransactionConfig | undefined): Promise<T> {
    // Two writers that lock the same rows in opposite orders can deadlock; the database aborts
    // one of them. The whole write is then run again (it rolled back entirely), a few times.
    for (let attempt = 1; ; attempt++) {
      try {
        const commitCallbacks: Array<() => unknown> = [];
        const result = await this.knex.transaction((trx) => {
          this.commitCallbacks.set(trx, commitCallbacks);
          return this.storage.run(trx, () => fn(trx));
        }, config);
        // Committed: what waited for it runs now, before the caller goes on (a rolled back
        // attempt's callbacks are dropped with it).
        for (const callback of commitCallbacks) await callback();
        return result;
      } catch (error) {
        if (attempt >= MAX_TRANSACTION_ATTEMPTS || !isRetryableConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
      }
    }
  }

  /**
   * Runs `callback` once the current transaction commits (not at all when it rolls back), before
   * `transaction()` returns to its caller; at once when no transaction is open. For state kept
   * outside the database (a cache) that must not change before the rows it describes do.
   */
  async afterCommit(callback: () => unknown): Promise<void> {
    const current = this.storage.getStore();
    const callbacks = current ? this.commitCallbacks.get(current) : undefined;
    if (callbacks) callbacks.push(callback);
    else await callback();
  }

  /** Subscribes to every SQL statement issued; returns the unsubscribe function. */
  onQuery(listener: (event: QueryEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async destroy(): Promise<void> {
    await this.knex.destroy();
  }
}
