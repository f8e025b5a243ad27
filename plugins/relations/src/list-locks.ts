/**
 * Makes concurrent writers of the same relation lists take turns, so each reads a list as the
 * previous writer left it and new links get distinct order values. Taken at the start of
 * `apply`, before any list is read, for every list the write may touch: the entry's own list
 * of each relation written, and the other side's list of every entry it may link.
 *
 * - PostgreSQL: one transaction-scoped advisory lock per list, taken in one sorted pass (no
 *   two writers wait on each other in a cycle), and never in conflict with the row locks of
 *   concurrent updates, so linking the same entries from both sides at once cannot deadlock.
 *   Each advisory lock takes a slot of the server's shared lock table (a few thousand in all),
 *   so a write that links more than `MANY_TARGETS` entries of one side takes a single lock for
 *   all lists of that side instead (key id 0, exclusive); every other writer holds that key in
 *   shared mode before its own per-list keys, so the two kinds still exclude each other, and
 *   key 0 sorts first, so the single sorted pass still orders every writer the same way.
 * - MySQL/MariaDB: the entries' rows (FOR UPDATE, sorted, in slices). Their foreign-key checks
 *   lock those rows anyway; under READ COMMITTED a read after the lock sees the last committed
 *   list.
 * - SQLite: one writer at a time already.
 */
import { groupBy, type Model, type PluginContext, type RelationField } from '@platform/core';
import { chunks, storableIds } from '@platform/query-engine';

export interface ListLockRequest {
  field: RelationField;
  /** the ids the write may link (existing ones included) */
  targets: number[];
}

interface LockKey {
  name: string;
  id: number;
  /** PostgreSQL only: held in shared mode (see above) */
  shared?: boolean;
}

/** Past this many entries of one side, a write locks all lists of that side at once (PostgreSQL). */
export const MANY_TARGETS = 64;

function byNameThenId(a: LockKey, b: LockKey): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}

/** One key per name and id; exclusive wins over shared for the same key. */
function unique(keys: LockKey[]): LockKey[] {
  const byKey = new Map<string, LockKey>();
  for (const key of keys) {
    const id = `${key.name}#${key.id}`;
    const seen = byKey.get(id);
    if (!seen || (seen.shared && !key.shared)) byKey.set(id, key);
  }
  return [...byKey.values()];
}

export async function lockLists(platform: PluginContext, model: Model, id: number, requests: ListLockRequest[]): Promise<void> {
  const { client } = platform.db;
  if (client === 'sqlite' || requests.length === 0) return;
  const db = platform.db.connection;
  if (client === 'postgres') {
    const keys: LockKey[] = [];
    for (const { field, targets } of requests) {
      // Every per-list key comes with its side's key 0 in shared mode (see above).
      const own = `${field.link.name}.${field.selfColumn}`;
      keys.push({ name: own, id: 0, shared: true }, { name: own, id });
      if (!field.inverseOrderColumn) continue;
      const side = `${field.link.name}.${field.otherColumn}`;
      const ids = storableIds(targets);
      if (ids.length > MANY_TARGETS) {
        keys.push({ name: side, id: 0 });
        continue;
      }
      keys.push({ name: side, id: 0, shared: true });
      for (const target of ids) keys.push({ name: side, id: target });
    }
    const sorted = unique(keys).sort(byNameThenId);
    // One statement for all the locks (arrays bind as one value each), taken in the sorted
    // order of the inner query.
    await db.raw(
      'select count(case when l.shared then pg_advisory_xact_lock_shared(hashtext(l.name), l.id) else pg_advisory_xact_lock(hashtext(l.name), l.id) end)' +
        ' from (select * from unnest(?::text[], ?::int[], ?::bool[]) as u(name, id, shared) order by name, id) as l',
      [sorted.map((key) => key.name), sorted.map((key) => key.id), sorted.map((key) => key.shared === true)],
    );
    return;
  }
  const rows: LockKey[] = [{ name: model.tableName, id }];
  for (const { field, targets } of requests) {
    if (!field.inverseOrderColumn) continue;
    const table = platform.models.get(field.target).tableName;
    for (const target of targets) rows.push({ name: table, id: target });
  }
  const byTable = groupBy(
    unique(rows).sort(byNameThenId),
    (key) => key.name,
    (key) => key.id,
  );
  for (const [table, ids] of byTable) {
    for (const slice of chunks(ids)) await db(table).select('id').whereIn('id', slice).orderBy('id').forUpdate();
  }
}
