/**
 * Runs a sync plan with knex's schema builder: creates tables, adds columns and indexes, and
 * on MariaDB and PostgreSQL the cascading foreign keys of new link and join tables.
 *
 * Speed matters because every test app starts on an empty database. SQLite and PostgreSQL run
 * the whole plan in one transaction (one commit instead of one per statement); an index or key
 * that cannot be made is tried in a savepoint, so it is a warning and the rest still commits.
 * MariaDB commits DDL implicitly, so there a new table is one CREATE TABLE with its indexes and
 * keys inline instead of one slow ALTER TABLE per index.
 */
import type { Knex } from 'knex';
import { BootError, InternalError } from '../../errors';
import type { Logger } from '../../base/logger';
import type { DatabaseClient } from '../connection';
import { addColumn, addIndex, mysqlCreateTable } from './ddl';
import { identifierName } from './plan';
import type { DesiredTable, SyncPlan } from './types';

type Runner = Knex | Knex.Transaction;

async function fatal(what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new BootError('DB_SYNC', `database: cannot create ${what}: ${(error as Error).message}`, { cause: error });
  }
}

/** Runs a step that may fail without failing the boot (in a savepoint where DDL is transactional). */
async function optional(db: Runner, client: DatabaseClient, what: string, log: Logger, run: (db: Runner) => Promise<unknown>): Promise<void> {
  try {
    if (client === 'mysql') await run(db);
    else await (db as Knex.Transaction).transaction((savepoint) => run(savepoint));
  } catch (error) {
    // e.g. a unique index over rows that already repeat a value: the data wins.
    log.warn(`database: cannot create ${what}, it is left out: ${(error as Error).message}`);
  }
}

async function createTable(db: Runner, client: DatabaseClient, table: DesiredTable, log: Logger): Promise<void> {
  const what = `table "${table.name}" (${table.source})`;
  if (client === 'mysql') {
    try {
      await db.raw(mysqlCreateTable(db, table, true));
    } catch (error) {
      // A key to a table whose id does not match (not made by platform or Strapi): keep the table,
      // skip the keys. Any other failure (the statement could not even be built, no keys to
      // blame, the table exists) stops start-up with its own message.
      const keysToBlame = table.foreignKeys.length > 0 && !(error instanceof InternalError) && (error as { code?: string }).code !== 'ER_TABLE_EXISTS_ERROR';
      if (!keysToBlame) throw new BootError('DB_SYNC', `database: cannot create ${what}: ${(error as Error).message}`, { cause: error });
      log.warn(`database: the foreign keys of table "${table.name}" are left out: ${(error as Error).message}`);
      await fatal(what, () => db.raw(mysqlCreateTable(db, table, false)));
    }
    return;
  }
  await fatal(what, () =>
    db.schema.createTable(table.name, (t) => {
      for (const column of table.columns) addColumn(t, column, client);
      for (const index of table.indexes) addIndex(t, index, client);
    }),
  );
  // SQLite keeps foreign keys inline and cannot add them later; there the writers clean up links.
  if (client === 'postgres') {
    for (const fk of table.foreignKeys) {
      await optional(db, client, `foreign key "${fk.name}" of table "${table.name}"`, log, (runner) =>
        runner.schema.alterTable(table.name, (t) => {
          t.foreign(fk.column, identifierName(fk.name, client)).references('id').inTable(fk.referencedTable).onDelete('CASCADE');
        }),
      );
    }
  }
}

async function applySteps(db: Runner, client: DatabaseClient, plan: SyncPlan, log: Logger): Promise<void> {
  const create = async (table: DesiredTable) => {
    await createTable(db, client, table, log);
    log.debug(`database: created table ${table.name}`);
  };
  if (client === 'mysql') {
    // Each CREATE TABLE is a file and a commit on MariaDB: tables without keys are made side by
    // side on several connections; those with keys after them, one by one.
    const [independent, dependent] = [plan.createTables.filter((t) => t.foreignKeys.length === 0), plan.createTables.filter((t) => t.foreignKeys.length > 0)];
    // allSettled: a failure is reported only once every statement has ended, never while some still run.
    const failed = (await Promise.allSettled(independent.map(create))).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    for (const table of dependent) await create(table);
  } else {
    for (const table of plan.createTables) await create(table);
  }
  for (const { table, columns } of plan.addColumns) {
    await fatal(`column(s) ${columns.map((c) => `"${c.name}"`).join(', ')} of table "${table}"`, () =>
      db.schema.alterTable(table, (t) => {
        for (const column of columns) addColumn(t, column, client);
      }),
    );
    log.debug(`database: added column(s) ${columns.map((c) => c.name).join(', ')} to ${table}`);
  }
  // Existing tables never get foreign keys: their rows might not satisfy them.
  for (const { table, index } of plan.addIndexes) {
    await optional(db, client, `index "${index.name}" (${index.columns.join(', ')}) of table "${table}"`, log, (runner) => runner.schema.alterTable(table, (t) => addIndex(t, index, client)));
  }
}

export async function applyPlan(knex: Knex, client: DatabaseClient, plan: SyncPlan, log: Logger): Promise<void> {
  if (client === 'mysql') await applySteps(knex, client, plan, log);
  else await knex.transaction((trx) => applySteps(trx, client, plan, log));
  const counts: Array<[number, string]> = [
    [plan.createTables.length, 'table(s) created'],
    [plan.addColumns.reduce((n, a) => n + a.columns.length, 0), 'column(s) added'],
    [plan.addIndexes.length, 'index(es) added'],
  ];
  log.info(
    `database: schema synced, ${counts
      .filter(([n]) => n > 0)
      .map(([n, what]) => `${n} ${what}`)
      .join(', ')}`,
  );
}
