/**
 * The SQL of one relation side: reads an entry's ordered list from the link table and writes
 * the rows a ListPlan asks for. Every statement runs on `platform.db.connection`, which is the
 * write's open transaction. There is one row per link, so both sides always agree. Id lists
 * go to the database in slices (`chunks`), so a list of thousands of ids never makes one
 * statement the database refuses.
 */
import type { Knex } from 'knex';
import type { Model, PluginContext, RelationField } from '@platform/core';
import { chunks, INSERT_CHUNK, storableIds, whereVisibleRows } from '@platform/query-engine';
import type { ListPlan, StoredLink } from './order-planner';

type Connection = Knex | Knex.Transaction;

/** Whether the other side holds at most one entry (two-way oneToOne, and oneToMany from its "one" side). */
export function otherSideIsSingle(field: RelationField): boolean {
  return field.inverse !== null && (field.relation === 'oneToOne' || field.relation === 'oneToMany');
}

export class LinkStore {
  constructor(private readonly platform: PluginContext) {}

  private get db(): Connection {
    return this.platform.db.connection;
  }

  /** The entry's linked ids in stored order (ties by link row id, the order they were made). */
  async readList(field: RelationField, selfId: number): Promise<StoredLink[]> {
    const { link, selfColumn, otherColumn, orderColumn } = field;
    const query = this.db(link.name).select({ other: otherColumn }).where(selfColumn, selfId);
    if (orderColumn) query.select({ position: orderColumn }).orderBy(orderColumn, 'asc');
    const rows: Array<{ other: number | string; position?: number | string | null }> = await query.orderBy('id', 'asc');
    return rows.map((row) => ({
      id: Number(row.other),
      order: row.position === null || row.position === undefined ? null : Number(row.position),
    }));
  }

  /** Writes the difference between the stored list and the plan for entry `selfId`. */
  async write(field: RelationField, selfId: number, plan: ListPlan): Promise<void> {
    const { link, selfColumn, otherColumn, orderColumn, inverseOrderColumn } = field;
    for (const slice of chunks(plan.removed)) {
      await this.db(link.name).where(selfColumn, selfId).whereIn(otherColumn, slice).delete();
    }
    if (otherSideIsSingle(field)) {
      // The newly linked entries may belong to one entry of this side only: unlink them from others.
      for (const slice of chunks(plan.added)) await this.db(link.name).whereIn(otherColumn, slice).whereNot(selfColumn, selfId).delete();
    }
    const orders = new Map(plan.list.map((item) => [item.id, item.order]));
    if (plan.added.length > 0) {
      const inverse = inverseOrderColumn ? await this.nextInverseOrders(field, plan.added) : null;
      const rows = plan.added.map((other) => {
        const row: Record<string, number> = { [selfColumn]: selfId, [otherColumn]: other };
        if (orderColumn) row[orderColumn] = orders.get(other) as number;
        if (inverseOrderColumn && inverse) row[inverseOrderColumn] = inverse.get(other) as number;
        return row;
      });
      // A concurrent writer may have made the same link: the unique pair index keeps one row.
      // Only that pair's conflict is ignored: any other failure (a primary key taken, a missing
      // row) fails the write instead of dropping the link silently (MySQL has no target: it
      // ignores duplicates of any unique key, and its auto-increment never falls behind).
      for (const slice of chunks(rows, INSERT_CHUNK)) await this.db(link.name).insert(slice).onConflict([selfColumn, otherColumn]).ignore();
    }
    if (orderColumn) {
      for (const other of plan.reordered) {
        await this.db(link.name)
          .where(selfColumn, selfId)
          .where(otherColumn, other)
          .update({ [orderColumn]: orders.get(other) });
      }
    }
  }

  /** For each entry of the other side, the order value that appends a new link to its list. */
  private async nextInverseOrders(field: RelationField, others: number[]): Promise<Map<number, number>> {
    const column = field.inverseOrderColumn as string;
    type Row = { other: number | string; last: number | string | null };
    const rows: Row[] = [];
    for (const slice of chunks(others)) {
      const found: Row[] = await this.db(field.link.name).select({ other: field.otherColumn }).max({ last: column }).whereIn(field.otherColumn, slice).groupBy(field.otherColumn);
      rows.push(...found);
    }
    const last = new Map(rows.map((row) => [Number(row.other), row.last === null ? 0 : Number(row.last)]));
    return new Map(others.map((other) => [other, (last.get(other) ?? 0) + 1]));
  }

  /** The ids among `ids` that are entries of `model` (a row the kernel keeps hidden is none). */
  async existing(model: Model, ids: number[]): Promise<Set<number>> {
    const found = new Set<number>();
    for (const slice of chunks(storableIds(ids))) {
      const rows: Array<{ id: number | string }> = await whereVisibleRows(this.db(model.tableName).select('id').whereIn('id', slice), model);
      for (const row of rows) found.add(Number(row.id));
    }
    return found;
  }
}
