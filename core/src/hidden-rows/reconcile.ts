/**
 * Rows the API hides, kept safe across boots that lose whatever hid them.
 *
 * A plugin may add an attribute whose NULL hides a row from the API (an entry not yet
 * published has no publication date) and say so on the attribute (`hidesRowsWhenNull`). When
 * that plugin is switched off, or the option that made it add the attribute, nothing hides
 * those rows any more: the kernel would serve them, and the plugin that knows about them does not run. The
 * kernel knows no plugin, but it keeps the table's columns (schema sync never drops one) and
 * can remember, in its own table, which columns hid rows. So each boot, right after the sync:
 *
 * - a remembered column that no attribute declares any more, with rows where it is NULL, stops
 *   start-up with the count and the ways out (the `platform hidden-rows` command, switching
 *   the attribute back on, or `database.keepHiddenRows`); with none, it is remembered as dormant;
 * - unless `database.keepHiddenRows` names its table (or is `true`): then the column stays
 *   remembered as active and its model lists it in `hiddenRows`, so the query engine keeps
 *   those rows out of every read and fills the column of new rows (they are visible); when the
 *   attribute comes back, the rows it hid are still hidden and the others still visible;
 * - a declared column that did not exist before this boot's sync, or that was dormant, gets
 *   the value of `revealFrom` where it is NULL: those rows were visible and stay visible (the
 *   migration Strapi v4 runs when a type that has rows gains a publication date);
 * - a declared column that already existed and was not remembered (a database first served by
 *   this version, or by Strapi) is remembered as it is: its NULL rows are real hidden rows.
 *
 * What it remembers is one row of Strapi's key-value table `strapi_core_store_settings` (key
 * `platform_hidden_rows`; Strapi ignores keys it does not know), so the tables stay Strapi's.
 * The row is written only by a boot that changes the schema anyway (a new database, a new table
 * or column) or once it exists: a Strapi database served as it is keeps every row, and its
 * hidden rows are protected from the first boot that changes its schema on.
 */
import type { Knex } from 'knex';
import { BootError } from '../errors';
import type { Model, ModelRegistry } from '../model/types';
import type { HiddenRowsDeclaration } from '../schema/types';
import type { Database } from '../database/database';
import { isNonEmpty, type NonEmpty } from '../util/non-empty';

const STORE_TABLE = 'strapi_core_store_settings';
export const HIDDEN_ROWS_KEY = 'platform_hidden_rows';

export interface HiddenRowsGuard {
  table: string;
  column: string;
  uid: string;
  attribute: string;
  noun: string;
  reveal: string;
  /** the column `reveal` copies into `column` */
  revealFrom: string;
}

interface StoredGuard extends HiddenRowsGuard {
  state: 'active' | 'dormant';
}

const key = (guard: Pick<HiddenRowsGuard, 'table' | 'column'>) => `${guard.table}.${guard.column}`;

/** The guards the models of this boot declare (content-types only: components have no API of their own). */
export function declaredGuards(models: ModelRegistry): HiddenRowsGuard[] {
  const out: HiddenRowsGuard[] = [];
  for (const model of models.contentTypes()) {
    for (const field of model.scalarFields) {
      const declaration: HiddenRowsDeclaration | undefined = field.attribute.hidesRowsWhenNull;
      if (!declaration) continue;
      out.push({
        table: model.tableName,
        column: field.column,
        uid: model.uid,
        attribute: field.name,
        noun: declaration.noun,
        reveal: declaration.reveal,
        revealFrom: columnOf(model, declaration.revealFrom),
      });
    }
  }
  return out;
}

function columnOf(model: Model, attribute: string): string {
  const field = model.fields.get(attribute);
  return field?.kind === 'scalar' ? field.column : attribute;
}

/** Which of the guards' columns exist, read before the sync adds any. */
export async function existingGuardColumns(knex: Knex, guards: readonly HiddenRowsGuard[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const guard of guards) if (await hasColumn(knex, guard)) out.add(key(guard));
  return out;
}

/** MariaDB's column check fails on a table that does not exist: ask for the table first. */
export async function hasColumn(knex: Knex | Knex.Transaction, guard: Pick<HiddenRowsGuard, 'table' | 'column'>): Promise<boolean> {
  return (await knex.schema.hasTable(guard.table)) && (await knex.schema.hasColumn(guard.table, guard.column));
}

export async function readStoredGuards(knex: Knex | Knex.Transaction): Promise<StoredGuard[]> {
  if (!(await knex.schema.hasTable(STORE_TABLE))) return [];
  const row = await knex(STORE_TABLE).where({ key: HIDDEN_ROWS_KEY }).first('value');
  if (!row || typeof row.value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(row.value);
    return Array.isArray(parsed) ? (parsed as StoredGuard[]) : [];
  } catch {
    return [];
  }
}

async function storedRowExists(knex: Knex): Promise<boolean> {
  return (await knex.schema.hasTable(STORE_TABLE)) && (await knex(STORE_TABLE).where({ key: HIDDEN_ROWS_KEY }).first('id')) !== undefined;
}

async function writeStoredGuards(trx: Knex.Transaction, guards: StoredGuard[]): Promise<void> {
  const value = JSON.stringify(guards);
  const updated = await trx(STORE_TABLE).where({ key: HIDDEN_ROWS_KEY }).update({ value, type: 'object' });
  if (!updated) await trx(STORE_TABLE).insert({ key: HIDDEN_ROWS_KEY, value, type: 'object', environment: null, tag: null });
}

/** The number of rows of a table whose column is NULL. */
export async function countHidden(knex: Knex | Knex.Transaction, guard: Pick<HiddenRowsGuard, 'table' | 'column'>): Promise<number> {
  const [row] = await knex(guard.table).whereNull(guard.column).count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** `database.keepHiddenRows`: `true` (every table) or the tables whose hidden rows stay hidden without their attribute. */
export type KeepHiddenRows = boolean | readonly string[] | undefined;

function keeps(keep: KeepHiddenRows, guard: HiddenRowsGuard): boolean {
  return keep === true || (Array.isArray(keep) && keep.includes(guard.table));
}

/** The boot error of guards whose rows would be served; the message gives the counts and the ways out. */
export function exposedRowsError(exposed: NonEmpty<{ guard: HiddenRowsGuard; count: number }>): BootError {
  const lines = exposed.map(
    ({ guard, count }) =>
      `table "${guard.table}" (${guard.uid}) holds ${count} ${guard.noun}(s): rows whose "${guard.column}" is NULL, hidden from the API by its "${guard.attribute}" attribute, which this start no longer has`,
  );
  const tables = exposed.map(({ guard }) => guard.table).join(',');
  const { noun, reveal, attribute } = exposed[0].guard;
  return new BootError(
    'DB_HIDDEN_ROWS',
    [
      `database: start-up stopped so that no ${noun} is served by accident:`,
      ...lines.map((line) => `  - ${line}`),
      'Choose one:',
      `  - ${reveal} them: platform hidden-rows --reveal --table ${tables} --yes`,
      `  - delete them: platform hidden-rows --delete --table ${tables} (lists what it would delete; add --yes to delete)`,
      `  - keep them hidden: switch back on what added "${attribute}" (the content-type option or the plugin),`,
      `    or start without it and keep them hidden from every read: keepHiddenRows: ${JSON.stringify(exposed.map(({ guard }) => guard.table))} in config/database.ts`,
    ].join('\n'),
  );
}

/**
 * Run after the schema sync, before any plugin bootstraps or the server listens (see above).
 * Returns the guards kept by `keep`: their rows stay hidden though no attribute says so.
 */
export async function reconcileHiddenRows(
  db: Database,
  declared: readonly HiddenRowsGuard[],
  existedBefore: ReadonlySet<string>,
  schemaChanged: boolean,
  keep: KeepHiddenRows = false,
): Promise<HiddenRowsGuard[]> {
  const { knex } = db;
  const stored = await readStoredGuards(knex);
  const declaredKeys = new Set(declared.map(key));
  const exposed: Array<{ guard: HiddenRowsGuard; count: number }> = [];
  const dormant: StoredGuard[] = [];
  const kept: HiddenRowsGuard[] = [];
  for (const guard of stored) {
    if (guard.state !== 'active' || declaredKeys.has(key(guard))) continue;
    if (!(await hasColumn(knex, guard))) {
      dormant.push(guard);
      continue;
    }
    // Kept even with no NULL row now: a row hidden before stays hidden when the attribute returns.
    if (keeps(keep, guard)) {
      kept.push(guard);
      continue;
    }
    const count = await countHidden(knex, guard);
    if (count > 0) exposed.push({ guard, count });
    else dormant.push(guard);
  }
  if (isNonEmpty(exposed)) throw exposedRowsError(exposed);
  if (declared.length === 0 && stored.length === 0) return kept;
  if (!schemaChanged && !(await storedRowExists(knex))) return kept;
  const next = new Map(stored.map((guard) => [key(guard), guard]));
  for (const guard of dormant) next.set(key(guard), { ...guard, state: 'dormant' });
  await db.transaction(async (trx) => {
    for (const guard of declared) {
      const remembered = next.get(key(guard));
      if (remembered?.state !== 'active' && (remembered || !existedBefore.has(key(guard)))) {
        // Just added, or back after a time when nothing hid rows: every row there was visible.
        await trx(guard.table)
          .whereNull(guard.column)
          .update({ [guard.column]: trx.ref(guard.revealFrom) });
      }
      next.set(key(guard), { ...guard, state: 'active' });
    }
    const rows = [...next.values()];
    if (JSON.stringify(rows) !== JSON.stringify(stored)) await writeStoredGuards(trx, rows);
  });
  return kept;
}

/** Gives each kept guard's model the column the query engine keeps hidden rows out of reads by. */
export function markKeptHiddenRows(models: ModelRegistry, kept: readonly HiddenRowsGuard[]): void {
  for (const guard of kept) {
    const model = models.find(guard.uid);
    // The content-type may be gone too (its table stays): nothing reads it then.
    if (!model || model.tableName !== guard.table) continue;
    model.hiddenRows = [...(model.hiddenRows ?? []), { column: guard.column, fillFrom: guard.revealFrom }];
  }
}
