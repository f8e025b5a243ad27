/**
 * The raw floor's database access: the driver alone (better-sqlite3, mysql2 or pg), configured
 * as platform configures it so that values come back in the same forms. Statements are written
 * once with `?` placeholders and double-quoted names, and `(?*)` for an id list; each is turned
 * into the client's dialect once, and an id list's placeholders are made once per length.
 */
import mysql from 'mysql2';
import pg from 'pg';
import type { Row } from '../floor-shapes';

export interface RawDriver {
  /** the rows of `sql` (a statement of `statement()`), `list` expanded into its `(?*)` */
  all(statement: Statement, params: unknown[], list?: readonly unknown[]): Promise<Row[]>;
}

export interface Statement {
  /** the SQL text for a list of `n` ids (n = 0 when the statement has no list) */
  text(n: number): string;
}

type Client = 'sqlite' | 'mysql' | 'postgres';

/** what the raw floor uses of better-sqlite3 (which ships no types) */
interface SqliteStatement {
  all(...params: unknown[]): unknown[];
}
interface SqliteDatabase {
  pragma(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
}

export function statement(client: Client, sql: string): Statement {
  const dialect = client === 'mysql' ? sql.replace(/"/g, '`') : sql;
  const byLength = new Map<number, string>();
  return {
    text(n) {
      let text = byLength.get(n);
      if (text === undefined) {
        text = dialect.replace('(?*)', `(${new Array(n).fill('?').join(', ')})`);
        if (client === 'postgres') {
          let i = 0;
          text = text.replace(/\?/g, () => `$${++i}`);
        }
        byLength.set(n, text);
      }
      return text;
    },
  };
}

const env = (name: string) => process.env[name] ?? '';

function sqliteDriver(): RawDriver {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const BetterSqlite = require('better-sqlite3') as new (filename: string) => SqliteDatabase;
  const db = new BetterSqlite(env('DATABASE_FILENAME'));
  db.pragma('journal_mode = WAL');
  // the platform's page cache (core's SQLITE_CACHE_KIB), so both read the same way
  db.pragma('cache_size = -65536');
  const prepared = new Map<string, SqliteStatement>();
  return {
    async all(s, params, list = []) {
      const text = s.text(list.length);
      let ready = prepared.get(text);
      if (!ready) {
        ready = db.prepare(text);
        prepared.set(text, ready);
      }
      return ready.all(...params, ...list) as Row[];
    },
  };
}

function mysqlDriver(): RawDriver {
  const pool = mysql.createPool({
    host: env('DATABASE_HOST'),
    port: Number(env('DATABASE_PORT')),
    user: env('DATABASE_USERNAME'),
    password: env('DATABASE_PASSWORD'),
    database: env('DATABASE_NAME'),
    charset: 'utf8mb4',
    timezone: 'Z',
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: ['DATE'],
    jsonStrings: true,
    connectionLimit: 10,
  });
  return {
    all: (s, params, list = []) => new Promise((resolve, reject) => pool.query(s.text(list.length), [...params, ...list], (error, rows) => (error ? reject(error) : resolve(rows as Row[])))),
  };
}

function postgresDriver(): RawDriver {
  // dates and JSON as text, as platform reads them
  pg.types.setTypeParser(1082, (value: string) => value);
  pg.types.setTypeParser(114, (value: string) => value);
  pg.types.setTypeParser(3802, (value: string) => value);
  const pool = new pg.Pool({
    host: env('DATABASE_HOST'),
    port: Number(env('DATABASE_PORT')),
    user: env('DATABASE_USERNAME'),
    password: env('DATABASE_PASSWORD'),
    database: env('DATABASE_NAME'),
    max: 10,
  });
  return { all: async (s, params, list = []) => (await pool.query(s.text(list.length), [...params, ...list])).rows };
}

export function clientOf(raw: string | undefined): Client {
  return raw === 'mysql' || raw === 'postgres' ? raw : 'sqlite';
}

export function openDriver(client: Client): RawDriver {
  return client === 'sqlite' ? sqliteDriver() : client === 'mysql' ? mysqlDriver() : postgresDriver();
}
