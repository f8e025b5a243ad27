/**
 * Builds the knex configuration for the three supported clients from `config/database.ts`
 * (Strapi v4 shape: `{ connection: { client, connection: {...}, pool, useNullAsDefault } }`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { BootError } from '../errors';
import { DEFAULT_STATEMENT_TIMEOUT, limitMysqlSession } from './statement-timeout';
import { cacheStatements, registerUnicodeCase, type SqliteConnection, type SqliteFunctions } from './sqlite-connection';

export type DatabaseClient = 'sqlite' | 'mysql' | 'postgres';

export interface DatabaseConfig {
  connection: {
    client: string;
    connection: Record<string, unknown>;
    pool?: { min?: number; max?: number };
    debug?: boolean;
  };
  /** PostgreSQL schema to use (tests use one schema per run) */
  schema?: string;
  /** the longest a statement may run, in ms, enforced by MariaDB and PostgreSQL (0: no limit) */
  statementTimeout?: number;
}

export function normalizeClient(client: string, file: string): DatabaseClient {
  switch (client) {
    case 'sqlite':
    case 'sqlite3':
    case 'better-sqlite3':
      return 'sqlite';
    case 'mysql':
    case 'mysql2':
    case 'mariadb':
      return 'mysql';
    case 'postgres':
    case 'pg':
    case 'postgresql':
      return 'postgres';
    default:
      throw new BootError(
        'CONFIG_DATABASE_CLIENT',
        `${file}: connection.client "${client}" is not supported (use sqlite, mysql or postgres; also taken: sqlite3, better-sqlite3, mysql2, mariadb, pg, postgresql)`,
      );
  }
}

/**
 * SQLite's page cache per connection, in KiB. Its default, 2 MiB, is less than the pages an
 * API's reads keep touching once the data grows: they are read again from the file on every
 * request (a page of 25 articles cost twice the CPU after a soak grew a 7 MB database by its
 * creates). Pages are taken only as read, so a small database uses no more memory than before.
 */
export const SQLITE_CACHE_KIB = 64 * 1024;

export function knexConfig(config: DatabaseConfig, appDir: string, file: string): { client: DatabaseClient; knex: Knex.Config } {
  const client = normalizeClient(String(config.connection?.client ?? ''), file);
  const connection = { ...(config.connection.connection ?? {}) };
  const pool = config.connection.pool ?? {};
  const statementTimeout = config.statementTimeout ?? DEFAULT_STATEMENT_TIMEOUT;
  if (client === 'sqlite') {
    const filename = String(connection.filename ?? '.tmp/data.db');
    const resolved = filename === ':memory:' ? filename : path.resolve(appDir, filename);
    if (resolved !== ':memory:') fs.mkdirSync(path.dirname(resolved), { recursive: true });
    return {
      client,
      knex: {
        client: 'better-sqlite3',
        connection: { filename: resolved },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          afterCreate(conn: SqliteConnection & SqliteFunctions, done: (err: Error | null, conn: unknown) => void) {
            conn.pragma('journal_mode = WAL');
            conn.pragma('foreign_keys = ON');
            conn.pragma('busy_timeout = 5000');
            conn.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
            cacheStatements(conn);
            registerUnicodeCase(conn);
            done(null, conn);
          },
        },
      },
    };
  }
  if (client === 'mysql') {
    return {
      client,
      knex: {
        client: 'mysql2',
        connection: {
          charset: 'utf8mb4',
          timezone: 'Z',
          supportBigNumbers: true,
          bigNumberStrings: true,
          dateStrings: ['DATE'] as unknown as boolean,
          // JSON columns (MySQL's native type, MariaDB's tagged LONGTEXT) come back as text, as
          // from the other clients; the query engine parses it once. (Not in knex's types.)
          ...({ jsonStrings: true } as object),
          ...connection,
        },
        pool: {
          min: pool.min ?? 0,
          max: pool.max ?? 10,
          afterCreate: (conn: Parameters<typeof limitMysqlSession>[0], done: (err: Error | null, conn: unknown) => void) => limitMysqlSession(conn, statementTimeout, done),
        },
      },
    };
  }
  return {
    client,
    knex: {
      client: 'pg',
      // sent with the start-up message: the server cancels a statement past it (0: no limit)
      connection: { statement_timeout: statementTimeout > 0 ? statementTimeout : undefined, ...connection },
      searchPath: config.schema ? [config.schema] : undefined,
      pool: { min: pool.min ?? 0, max: pool.max ?? 10 },
    },
  };
}
