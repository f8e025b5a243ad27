/**
 * Creator fields (`createdBy`, `updatedBy`): Strapi v4 keeps them as `created_by_id` /
 * `updated_by_id` columns of every content table, pointing at its admin's `admin_users` table.
 * They are shown only on a content-type whose schema sets `options.populateCreatorFields`, only
 * when populated (by name or by `*`), and then only `{ id, firstname, lastname, username }`:
 * nothing else of an admin account (email, password, tokens) is ever read. They cannot be
 * filtered or sorted on (they are no attributes; that was CVE-2023-22894's oracle).
 */
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import { inChunks, OWNER } from './target-query';

export const CREATOR_FIELDS: readonly string[] = ['createdBy', 'updatedBy'];

const COLUMNS: Record<string, string> = { createdBy: 'created_by_id', updatedBy: 'updated_by_id' };

/** Strapi's admin accounts; the platform does not create it, an existing Strapi database has it. */
const ADMIN_USERS = 'admin_users';

/** The only columns of an admin account a response may carry. */
const CREATOR_COLUMNS = ['id', 'firstname', 'lastname', 'username'] as const;

/** Whether `name` is a creator field that `model` lets clients populate. */
export function isPopulatableCreator(model: Model, name: string): boolean {
  return COLUMNS[name] !== undefined && model.hasCreatorColumns && model.options.populateCreatorFields === true;
}

/** The creator fields `model` lets clients populate, in Strapi's order (after every attribute). */
export function populatableCreators(model: Model): readonly string[] {
  return CREATOR_FIELDS.filter((name) => isPopulatableCreator(model, name));
}

export interface Creator {
  id: number;
  firstname: string | null;
  lastname: string | null;
  username: string | null;
}

/** Once seen, the table stays (a database does not lose Strapi's admin while serving). */
const tableSeen = new WeakSet<Engine>();

async function hasAdminUsers(engine: Engine): Promise<boolean> {
  if (tableSeen.has(engine)) return true;
  const found = await engine.ctx.db.connection.schema.hasTable(ADMIN_USERS);
  if (found) tableSeen.add(engine);
  return found;
}

/**
 * The creator of every entry in `ids`, in one query (`WHERE entry.id IN (...)` joined to the
 * admin account). An entry without one (null column, deleted account, no `admin_users` table)
 * is absent from the map: the caller shows `null`, as for an empty to-one relation.
 */
export async function loadCreators(engine: Engine, model: Model, name: string, ids: number[]): Promise<Map<number, Creator>> {
  const out = new Map<number, Creator>();
  const column = COLUMNS[name];
  if (column === undefined || !(await hasAdminUsers(engine))) return out;
  const rows = await inChunks(
    ids,
    (slice) =>
      engine.ctx.db.connection
        .queryBuilder()
        .from(`${model.tableName} as ce`)
        .join(`${ADMIN_USERS} as au`, 'au.id', `ce.${column}`)
        .select(`ce.id as ${OWNER}`, ...CREATOR_COLUMNS.map((c) => `au.${c}`))
        .whereIn('ce.id', slice) as Promise<Array<Record<string, unknown>>>,
  );
  for (const row of rows) {
    out.set(Number(row[OWNER]), { id: Number(row.id), firstname: text(row.firstname), lastname: text(row.lastname), username: text(row.username) });
  }
  return out;
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
