/**
 * Every statement has a time budget (`database.statementTimeout`, in milliseconds), enforced
 * by the database itself so that a query past it is cancelled there, not merely abandoned by
 * the client while it keeps a connection and a core busy: MariaDB's `max_statement_time` (MySQL's
 * `max_execution_time`), PostgreSQL's `statement_timeout`. SQLite runs in-process through
 * better-sqlite3, which exposes neither a progress handler nor `sqlite3_interrupt` (and a
 * statement holds the only thread while it runs), so there the cost of a read is bounded by
 * construction instead: budgets on the size of an answer and the shape of its SQL.
 */
import { ServiceUnavailableError } from '../errors';

export const STATEMENT_TIMEOUT_KEY = 'database.statementTimeout';
/** Far above any statement the API issues on a healthy database; 0 turns the limit off. */
export const DEFAULT_STATEMENT_TIMEOUT = 5000;

/** The 503 a request gets when one of its statements was cancelled by the database. */
export class StatementTimeoutError extends ServiceUnavailableError {
  constructor() {
    super(`The database did not answer within its time budget (${STATEMENT_TIMEOUT_KEY})`, { key: STATEMENT_TIMEOUT_KEY });
    this.code = 'PLATFORM_STATEMENT_TIMEOUT';
  }
}

/** MariaDB 1969 (max_statement_time exceeded), MySQL 3024 (max_execution_time), PostgreSQL 57014 (statement_timeout). */
export function isStatementTimeout(error: unknown): boolean {
  const e = error as { errno?: number; code?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return e.errno === 1969 || e.errno === 3024 || e.code === '57014';
}

interface MysqlConnection {
  query(sql: string, callback: (error: (Error & { errno?: number }) | null) => void): void;
}

/**
 * Prepares a new MariaDB/MySQL connection (knex pool `afterCreate`). Semi-joins are turned
 * off: the optimizer would flatten every `id IN (subquery)` of a relation filter into one join
 * and search its join orders exhaustively, which for a chain of 10 relations (21 tables) takes
 * longer than any timeout and goes on after the client is gone; planned one subquery at a time
 * (materialized once, then looked up), an 18-relation chain answers in milliseconds. Then the
 * session's time limit: MariaDB's variable is in seconds; MySQL has no such variable (1193) and
 * limits SELECTs only.
 */
export function limitMysqlSession(conn: MysqlConnection, ms: number, done: (error: Error | null, conn: unknown) => void): void {
  conn.query("SET SESSION optimizer_switch = 'semijoin=off'", (switchError) => {
    if (switchError) return done(switchError, conn);
    if (ms <= 0) return done(null, conn);
    conn.query(`SET SESSION max_statement_time = ${ms / 1000}`, (error) => {
      if (!error) return done(null, conn);
      if (error.errno !== 1193) return done(error, conn);
      conn.query(`SET SESSION max_execution_time = ${Math.ceil(ms)}`, (fallback) => done(fallback, conn));
    });
  });
}
