/**
 * Makes concurrent writers of the same relation lists take turns, so each reads a list as the
 * previous writer left it and new links get distinct order values. Taken at the start of
 * `apply`, before any list is read, for every list the write may touch: the entry's own list
 * of each relation written, and the other side's list of every entry it may link.
 *
 * - PostgreSQL: one transaction-scoped advisory lock per list, taken in one sorted pass (no
 *   two writers wait on each other in a cycle), and never in conflict with the row locks of
 *   concurrent updates, so linking the same entries from both sides at once cannot deadlock.
 * - MySQL/MariaDB: the entries' rows (FOR UPDATE, sorted). Their foreign-key checks lock those
 *   rows anyway; under READ COMMITTED a read after the lock sees the last committed list.
 * - SQLite: one writer at a time already.
 */
import { groupBy, type Model, type PluginContext, type RelationField } from '@platform/core';
import { storableIds } from '@platform/query-engine';

export interface ListLockRequest {
  field: RelationField;
  /** the ids the write may link (existing ones included) */
  targets: number[];
}

interface LockKey {
  name: string;
  id: number;
}

function byNameThenId(a: LockKey, b: LockKey): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}

function unique(keys: LockKey[]): LockKey[] {
  const seen = new Set<string>();
  return keys.filter((key) => {
    const id = `${key.name}#${key.id}`;
    return seen.has(id) ? false : (seen.add(id), true);
  });
}

export async function lockLists(platform: PluginContext, model: Model, id: number, requests: ListLockRequest[]): Promise<void> {
  const { client } = platform.db;
  if (client === 'sqlite' || requests.length === 0) return;
  const db = platform.db.connection;
  if (client === 'postgres') {
    const keys: LockKey[] = [];
    for (const { field, targets } of requests) {
      keys.push({ name: `${field.link.name}.${field.selfColumn}`, id });
      if (!field.inverseOrderColumn) continue;
      for (const target of storableIds(targets)) keys.push({ name: `${field.link.name}.${field.otherColumn}`, id: target });
    }
    const sorted = unique(keys).sort(byNameThenId);
    // One statement for all the locks, taken in the sorted order of the inner query.
    await db.raw(
      'select count(pg_advisory_xact_lock(hashtext(l.name), l.id)) from (select * from unnest(?::text[], ?::int[]) as u(name, id) order by name, id) as l',
      [sorted.map((key) => key.name), sorted.map((key) => key.id)],
    );
    return;
  }
  const rows: LockKey[] = [{ name: model.tableName, id }];
  for (const { field, targets } of requests) {
    if (!field.inverseOrderColumn) continue;
    const table = platform.models.get(field.target).tableName;
    for (const target of targets) rows.push({ name: table, id: target });
  }
  const byTable = groupBy(unique(rows).sort(byNameThenId), (key) => key.name, (key) => key.id);
  for (const [table, ids] of byTable) {
    await db(table).select('id').whereIn('id', ids).orderBy('id').forUpdate();
  }
}
