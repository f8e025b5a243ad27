/**
 * The app's migrations: `database/migrations/*.{js,ts}` (a `.sql` file too, as in Strapi v4),
 * run once each, in name order, at start, before the schema is synced (as Strapi v4 runs them:
 * a migration sees the tables as the last start left them, and may rename or move data before
 * new columns are added). A migration exports `up(knex, { platform })` (Strapi's `up(knex)`
 * works as it is) or is an `up` function itself.
 *
 * Each one that ran is a row of Strapi v4's `strapi_migrations` table (`name` is the file name,
 * `time`), so an existing Strapi project's migrations are not run again. The pending ones run
 * in one transaction with their rows: when one throws, start-up stops naming it and the
 * database is as it was. MySQL and MariaDB commit a schema change (DDL) at once whatever the
 * transaction, so there only data changes are rolled back; SQLite and PostgreSQL roll back both.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { BootError } from '../errors';
import { loadUserModule } from '../config/load-module';
import type { Database } from './database';
import type { Logger } from '../base/logger';
import type { AppCodeArgs } from '../http/types';

export const MIGRATIONS_TABLE = 'strapi_migrations';
const MIGRATION_FILE = /\.(js|ts|sql)$/;

export type MigrationUp = (knex: Knex.Transaction, extra: AppCodeArgs) => unknown;

/** The migration files of an app, by name (name order is run order). */
export function migrationFiles(appDir: string): string[] {
  const dir = path.join(appDir, 'database', 'migrations');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name) && !name.endsWith('.d.ts') && fs.statSync(path.join(dir, name)).isFile())
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function ensureTable(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable(MIGRATIONS_TABLE)) return;
  // Strapi v4's own DDL: id, name varchar(255), time datetime
  await knex.schema.createTable(MIGRATIONS_TABLE, (table) => {
    table.increments('id');
    table.string('name');
    table.datetime('time');
  });
}

function loadUp(file: string): MigrationUp {
  if (file.endsWith('.sql')) {
    const sql = fs.readFileSync(file, 'utf8');
    return (knex) => knex.raw(sql);
  }
  // run at start, before any request
  const exported = loadUserModule(file, { appCode: false }) as { up?: unknown } | ((...args: unknown[]) => unknown) | null;
  const up = typeof exported === 'function' ? exported : exported?.up;
  if (typeof up !== 'function') throw new BootError('MIGRATION_FAILED', `${file}: a migration exports up(knex) (or is that function)`);
  return up as MigrationUp;
}

/** Runs the pending migrations of the app; returns the names that ran. */
export async function runMigrations(appDir: string, db: Database, appArgs: AppCodeArgs, log: Logger): Promise<string[]> {
  const names = migrationFiles(appDir);
  if (names.length === 0) return [];
  await ensureTable(db.knex);
  const done = new Set((await db.knex(MIGRATIONS_TABLE).select('name')).map((row: { name: string }) => row.name));
  const pending = names.filter((name) => !done.has(name));
  if (pending.length === 0) return [];
  const dir = path.join(appDir, 'database', 'migrations');
  let current = '';
  try {
    await db.transaction(async (trx) => {
      for (const name of pending) {
        current = name;
        const started = Date.now();
        await loadUp(path.join(dir, name))(trx, appArgs);
        await trx(MIGRATIONS_TABLE).insert({ name, time: new Date() });
        log.info(`database: migration ${name} ran in ${Date.now() - started} ms`);
      }
    });
  } catch (error) {
    if (error instanceof BootError) throw error;
    const rolledBack = pending.length > 1 ? `; the ${pending.length} pending migrations were rolled back together` : '; it was rolled back';
    throw new BootError('MIGRATION_FAILED', `database/migrations/${current} failed: ${(error as Error).message}${rolledBack}`, { cause: error });
  }
  return pending;
}
