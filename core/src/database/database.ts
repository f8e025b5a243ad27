/**
 * The database handle every plugin uses: one knex instance, a transaction helper that nested
 * calls share (AsyncLocalStorage), and a query listener (tests count queries with it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import knexFactory, { type Knex } from 'knex';
import type { DatabaseClient } from './connection';

let pgTypesSet = false;

/**
 * PostgreSQL DATE and NUMERIC come back as strings so that no time zone shifts a date and no
 * precision is lost; the query engine converts them per attribute type. The driver is loaded
 * only when a PostgreSQL database is used, which keeps it out of a SQLite start-up.
 */
function setPostgresTypeParsers(): void {
  if (pgTypesSet) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pg = require('pg') as typeof import('pg');
  pg.types.setTypeParser(1082, (value: string) => value);
  pgTypesSet = true;
}

export interface QueryEvent {
  sql: string;
  bindings: readonly unknown[];
}

export class Database {
  readonly knex: Knex;
  readonly client: DatabaseClient;
  private readonly storage = new AsyncLocalStorage<Knex.Transaction>();
  private readonly listeners = new Set<(event: QueryEvent) => void>();

  constructor(client: DatabaseClient, config: Knex.Config) {
    this.client = client;
    if (client === 'postgres') setPostgresTypeParsers();
    this.knex = knexFactory(config);
    this.knex.on('query', (data: { sql: string; bindings?: unknown[] }) => {
      if (this.listeners.size === 0) return;
      const event = { sql: data.sql, bindings: data.bindings ?? [] };
      for (const listener of this.listeners) listener(event);
    });
  }

  /** The current transaction if one is open in this async context, else the pool. */
  get connection(): Knex | Knex.Transaction {
    return this.storage.getStore() ?? this.knex;
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
    return this.knex.transaction((trx) => this.storage.run(trx, () => fn(trx)), config);
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
