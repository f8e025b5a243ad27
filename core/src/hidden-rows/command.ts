/**
 * `platform hidden-rows`: what to do with rows the API hid through an attribute this app no
 * longer has (./reconcile.ts stops start-up while they exist). It names no plugin: the
 * words (`draft`, `publish`) come from what the plugin recorded (see ./reconcile.ts).
 *
 *   platform hidden-rows [--app DIR] [--table T[,T...]]             list them
 *   platform hidden-rows --reveal [--table ...] [--yes]              make them visible (the column
 *                                                                    takes the recorded source's value)
 *   platform hidden-rows --delete [--table ...] [--yes]              delete them and their link rows
 *
 * Without `--yes`, `--reveal` and `--delete` only say what they would change. It connects with
 * the app's `config/database.ts` and does not start the app (which would refuse to start).
 */
import type { Knex } from 'knex';
import { loadConfig, loadEnvironment } from '../config/load-config';
import { withDefaults } from '../config/defaults';
import { knexConfig, type DatabaseConfig } from '../database/connection';
import { Database } from '../database/database';
import { hasColumn, readStoredGuards, type HiddenRowsGuard } from './reconcile';
import { splitCommandLine } from '../../bin/argv';
import { CliUsageError } from '../cli/usage-error';

export interface HiddenRowsOptions {
  appDir: string;
  tables: string[] | null;
  action: 'list' | 'reveal' | 'delete';
  yes: boolean;
}

export const HIDDEN_ROWS_HELP = `Usage: platform hidden-rows [--app DIR] [--table T[,T...]] [--reveal | --delete] [--yes]

Rows hidden from the API through an attribute the app no longer has (start-up stops while they exist):
  (no action)   list them
  --reveal      make them visible (the hidden column takes the value the plugin recorded, e.g. the creation date)
  --delete      delete them, with their rows in link and component join tables
  --yes         do it (without it, --reveal and --delete only say what they would change)
`;

export function parseHiddenRowsArgs(argv: string[]): HiddenRowsOptions {
  const { appDir, args } = splitCommandLine(argv);
  const options: HiddenRowsOptions = { appDir, tables: null, action: 'list', yes: false };
  const setAction = (action: 'reveal' | 'delete') => {
    if (options.action !== 'list') throw new CliUsageError(`hidden-rows takes --reveal or --delete, not both\n\n${HIDDEN_ROWS_HELP}`);
    options.action = action;
  };
  for (let i = 0; i < args.length; i++) {
    // biome-ignore lint/style/noNonNullAssertion: i < args.length
    const arg = args[i]!;
    if (arg === '--table') options.tables = tableList(args[++i]);
    else if (arg.startsWith('--table=')) options.tables = tableList(arg.slice(8));
    else if (arg === '--reveal') setAction('reveal');
    else if (arg === '--delete') setAction('delete');
    else if (arg === '--yes') options.yes = true;
    else throw new CliUsageError(`Unknown argument "${arg}"\n\n${HIDDEN_ROWS_HELP}`);
  }
  return options;
}

function tableList(raw: string | undefined): string[] {
  const tables = (raw ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tables.length === 0) throw new CliUsageError('--table takes one or more table names separated by commas');
  return tables;
}

/** Opens the app's database and runs the command on it. */
export async function hiddenRowsCommand(options: HiddenRowsOptions, write: (line: string) => void): Promise<void> {
  const loaded = loadConfig(options.appDir, loadEnvironment(options.appDir));
  const tree = withDefaults(loaded.tree);
  const { client, knex } = knexConfig(tree.database as unknown as DatabaseConfig, options.appDir, loaded.files.database ?? 'config/database');
  const db = new Database(client, knex);
  try {
    await runHiddenRows(db, options, write);
  } finally {
    await db.destroy();
  }
}

/** The tables whose rows point at a table's rows (link and join tables), from the stored schema. */
async function dependents(knex: Knex, table: string): Promise<Array<{ table: string; column: string }>> {
  if (!(await knex.schema.hasTable('strapi_database_schema'))) return [];
  const row = await knex('strapi_database_schema').orderBy('id', 'desc').first('schema');
  let schema: { tables?: Array<{ name: string; foreignKeys?: Array<{ columns: string[]; referencedTable: string }> }> };
  try {
    schema = typeof row?.schema === 'string' ? JSON.parse(row.schema) : (row?.schema ?? {});
  } catch {
    return [];
  }
  return (schema.tables ?? []).flatMap((t) =>
    (t.foreignKeys ?? []).flatMap((fk) => {
      const [column] = fk.columns;
      return fk.referencedTable === table && column !== undefined ? [{ table: t.name, column }] : [];
    }),
  );
}

const SLICE = 500;

function idList(ids: number[]): string {
  return ids.length <= 20 ? ids.join(', ') : `${ids.slice(0, 20).join(', ')}, … (${ids.length - 20} more)`;
}

export async function runHiddenRows(db: Database, options: Omit<HiddenRowsOptions, 'appDir'>, write: (line: string) => void): Promise<void> {
  const { knex } = db;
  const guards: HiddenRowsGuard[] = [];
  for (const guard of await readStoredGuards(knex)) {
    if (options.tables && !options.tables.includes(guard.table)) continue;
    if (await hasColumn(knex, guard)) guards.push(guard);
  }
  if (options.tables) {
    const unknown = options.tables.filter((t) => !guards.some((g) => g.table === t));
    if (unknown.length > 0) throw new CliUsageError(`No hidden rows are recorded for table(s) ${unknown.map((t) => `"${t}"`).join(', ')}`);
  }
  for (const guard of guards) {
    const rows: Array<{ id: number | string }> = await knex(guard.table).whereNull(guard.column).orderBy('id').select('id');
    const ids = rows.map((r) => Number(r.id));
    const what = `${ids.length} ${guard.noun}(s) in "${guard.table}" (${guard.uid}, "${guard.column}" is NULL)`;
    if (ids.length === 0 || options.action === 'list') {
      write(ids.length === 0 ? `${guard.table}: no ${guard.noun}` : `${what}: ids ${idList(ids)}`);
      continue;
    }
    if (options.action === 'reveal') {
      const change = `${guard.reveal} ${what}: "${guard.column}" takes the value of "${guard.revealFrom}"`;
      if (!options.yes) {
        write(`Would ${change}; ids ${idList(ids)}. Run again with --yes to do it.`);
        continue;
      }
      await knex(guard.table)
        .whereNull(guard.column)
        .update({ [guard.column]: knex.ref(guard.revealFrom) });
      write(`Done: ${change}.`);
      continue;
    }
    const linked = await dependents(knex, guard.table);
    const counts: string[] = [];
    for (const dep of linked) {
      let n = 0;
      for (let i = 0; i < ids.length; i += SLICE)
        n += Number(
          (
            await knex(dep.table)
              .whereIn(dep.column, ids.slice(i, i + SLICE))
              .count({ n: '*' })
          )[0]?.n ?? 0,
        );
      if (n > 0) counts.push(`${n} row(s) of "${dep.table}"`);
    }
    const change = `delete ${what}, ids ${idList(ids)}${counts.length > 0 ? `, and ${counts.join(', ')} that point at them` : ''}`;
    if (!options.yes) {
      write(`Would ${change}. Run again with --yes to delete.`);
      continue;
    }
    await db.transaction(async (trx) => {
      for (let i = 0; i < ids.length; i += SLICE) {
        const slice = ids.slice(i, i + SLICE);
        for (const dep of linked) await trx(dep.table).whereIn(dep.column, slice).delete();
        await trx(guard.table).whereIn('id', slice).whereNull(guard.column).delete();
      }
    });
    write(`Done: ${change}.`);
  }
}
