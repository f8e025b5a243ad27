/**
 * Stores a validated PreparedEntry tree: the entry row, its components and dynamic-zone items
 * in their own tables with ordered `<table>_components` join rows (order 1, 2, 3...), nested
 * components recursively, and the links of every level through the relation writer and the
 * field kinds of plugin-provided attributes. Runs inside the write's transaction
 * (`db.connection`).
 */
import { groupBy, ValidationError, type ValidationIssue } from '@platform/core';
import type { Engine } from '../engine';
import type { RelationWriter as Writer } from '../types';
import type { PreparedEntry } from './validate-entry';
import { toDatabaseValue } from './db-values';
import { loadJoinRows } from './join-rows';
import { deleteComponents } from './delete-tree';
import { visibleRowValues } from '../read/query/hidden-rows';

export type RowExtras = Record<string, unknown>;

function rowOf(engine: Engine, entry: PreparedEntry, extras: RowExtras): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const { field, value } of entry.values) row[field.column] = toDatabaseValue(field, value, engine.ctx.db.client);
  return { ...row, ...extras };
}

/** Inserts a row and returns its id, the same way on the three databases. */
export async function insertRow(engine: Engine, table: string, row: Record<string, unknown>): Promise<number> {
  const { db } = engine.ctx;
  if (db.client === 'postgres') {
    const [inserted] = await db.connection(table).insert(row).returning('id');
    return Number(typeof inserted === 'object' && inserted !== null ? (inserted as { id: unknown }).id : inserted);
  }
  const [id] = await db.connection(table).insert(row);
  return Number(id);
}

export async function insertEntry(engine: Engine, entry: PreparedEntry, extras: RowExtras = {}): Promise<number> {
  const row = rowOf(engine, entry, extras);
  const id = await insertRow(engine, entry.model.tableName, { ...row, ...visibleRowValues(entry.model, row) });
  entry.id = id;
  return id;
}

export async function updateEntryRow(engine: Engine, entry: PreparedEntry, id: number, extras: RowExtras = {}): Promise<void> {
  const row = rowOf(engine, entry, extras);
  if (Object.keys(row).length === 0) return;
  await engine.ctx.db.connection(entry.model.tableName).where('id', id).update(row);
}

/** Components, dynamic zones and links of an entry whose row exists (`entry.id` set). */
export async function writeChildren(engine: Engine, entry: PreparedEntry, writer: Writer | undefined): Promise<void> {
  const ownerId = entry.id as number;
  if (entry.components.length) {
    const join = entry.model.componentJoin;
    if (!join) throw new Error(`${entry.model.uid} holds components but has no component join table`);
    const existing = entry.mode === 'update' ? (entry.joinRows ?? (await loadJoinRows(engine, entry.model, [ownerId]))) : [];
    for (const { field, items } of entry.components) {
      const kept = new Set<string>();
      const joinRows: Array<Record<string, unknown>> = [];
      for (const [index, item] of (items ?? []).entries()) {
        if (item.mode === 'update') {
          await updateEntryRow(engine, item, item.id as number);
          kept.add(`${item.model.uid}#${item.id}`);
        } else {
          await insertEntry(engine, item);
        }
        await writeChildren(engine, item, writer);
        joinRows.push({
          [join.entityColumn]: ownerId,
          [join.componentColumn]: item.id,
          [join.typeColumn]: item.model.uid,
          [join.fieldColumn]: field.name,
          [join.orderColumn]: index + 1,
        });
      }
      const previous = existing.filter((row) => row.field === field.name);
      if (previous.length) {
        await engine.ctx.db.connection(join.name).where(join.entityColumn, ownerId).where(join.fieldColumn, field.name).delete();
      }
      if (joinRows.length) await engine.ctx.db.connection(join.name).insert(joinRows);
      const dropped = previous.filter((row) => !kept.has(`${row.componentType}#${row.componentId}`));
      const removed = groupBy(
        dropped,
        (row) => row.componentType,
        (row) => row.componentId,
      );
      await deleteComponents(engine, removed, writer);
    }
  }
  if (writer && entry.relations) await writer.apply(entry.model, ownerId, entry.relations);
  for (const item of entry.extensions) await engine.fieldKinds.of(item.field).write(engine.ctx, entry.model, ownerId, item);
}

/**
 * Parses and checks the links of every level of the tree (relations through the relation
 * writer, plugin-provided attributes through their field kinds) before anything is written.
 * The issues of one level come in one ValidationError, the relation writer's first. Without a
 * relation writer (no plugin lends one), relation values are refused rather than dropped.
 */
export async function prepareLinks(engine: Engine, entry: PreparedEntry, writer: Writer | undefined): Promise<void> {
  const issues = await prepareExtensions(engine, entry);
  const relationNames = Object.keys(entry.relationData);
  if (writer && relationNames.length) {
    entry.relations = await writer.prepare(entry.model, entry.relationData, { action: entry.mode, id: entry.id, issues });
  } else if (relationNames.length || issues.length > 0) {
    const refused = relationNames.map((name) => ({ path: [name], message: `Relation "${name}" cannot be written: no enabled plugin writes relations`, name: 'ValidationError' }));
    throw ValidationError.fromIssues([...refused, ...issues]);
  }
  for (const { items } of entry.components) {
    for (const item of items ?? []) await prepareLinks(engine, item, writer);
  }
}

/** Each kind parses its attributes' values (schema order), then checks all of them at once. */
async function prepareExtensions(engine: Engine, entry: PreparedEntry): Promise<ValidationIssue[]> {
  if (entry.extensionData.length === 0) return [];
  entry.extensions = entry.extensionData.map(({ field, value }) => ({ field, input: engine.fieldKinds.of(field).parse(field, value) }));
  const issues: ValidationIssue[] = [];
  for (const kind of engine.fieldKinds.all()) {
    const items = entry.extensions.filter((item) => item.field.type === kind.type);
    if (items.length > 0 && kind.check) issues.push(...(await kind.check(engine.ctx, items)));
  }
  return issues;
}
