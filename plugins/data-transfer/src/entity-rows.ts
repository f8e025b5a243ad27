/**
 * An archive's entity line as the rows Strapi v4's layout stores it in: the entry's row (its id
 * kept), one row per component in the component's table (ids kept too, as Strapi's answers
 * show them), and the `<table>_components` join rows that place each component and dynamic-zone
 * item in its owner, in order. Relations and media are not in an entity line (they are links).
 */
import type { DatabaseClient, Model, ModelRegistry } from '@platform/core';
import { toDatabaseValue } from '@platform/query-engine';

export type Row = Record<string, unknown>;

/** Where rows go: the caller buffers them per table and writes them in batches. */
export type RowSink = (table: string, row: Row) => void;

export interface RowContext {
  models: ModelRegistry;
  client: DatabaseClient;
  /** attributes the app does not have, counted (`uid.attribute` → times) when importing what matches */
  skipped: Map<string, number>;
  /** `uid.attribute` whose storage differs from the archive's: left out like unknown ones */
  excluded: ReadonlySet<string>;
}

function skip(context: RowContext, model: Model, name: string): void {
  const key = `${model.uid}.${name}`;
  context.skipped.set(key, (context.skipped.get(key) ?? 0) + 1);
}

function toId(value: unknown, where: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`${where}: the id ${JSON.stringify(value)} is not a positive whole number`);
  return id;
}

function componentRows(context: RowContext, sink: RowSink, owner: Model, ownerId: number, field: string, uid: string, value: unknown, order: number): void {
  const model = context.models.find(uid);
  if (model?.kind !== 'component') {
    skip(context, owner, `${field} (${uid})`);
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${owner.uid} ${ownerId}: ${field} is not a component object`);
  const data = value as Record<string, unknown>;
  const id = toId(data.id, `${owner.uid} ${ownerId}, ${field}`);
  writeTree(context, sink, model, id, data);
  // biome-ignore lint/style/noNonNullAssertion: an owner with components has a join table
  const join = owner.componentJoin!;
  sink(join.name, { [join.entityColumn]: ownerId, [join.componentColumn]: id, [join.typeColumn]: uid, [join.fieldColumn]: field, [join.orderColumn]: order });
}

/** The rows of one entry or component and of the components it holds, recursively. */
export function writeTree(context: RowContext, sink: RowSink, model: Model, id: number, data: Record<string, unknown>): void {
  const row: Row = { id };
  const later: Array<() => void> = [];
  for (const [name, value] of Object.entries(data)) {
    if (name === 'id' || name === '__component') continue;
    const field = model.fields.get(name);
    if (!field || context.excluded.has(`${model.uid}.${name}`)) {
      skip(context, model, name);
      continue;
    }
    switch (field.kind) {
      case 'scalar':
        row[field.column] = toDatabaseValue(field, value, context.client);
        break;
      case 'component': {
        if (value === null || value === undefined) break;
        const items = field.repeatable ? (Array.isArray(value) ? value : []) : [value];
        for (const [i, item] of items.entries()) later.push(() => componentRows(context, sink, model, id, name, field.component, item, i + 1));
        break;
      }
      case 'dynamiczone': {
        const items = Array.isArray(value) ? value : [];
        for (const [i, item] of items.entries()) {
          const uid = (item as { __component?: unknown } | null)?.__component;
          if (typeof uid !== 'string') throw new Error(`${model.uid} ${id}: an item of ${name} has no __component`);
          later.push(() => componentRows(context, sink, model, id, name, uid, item, i + 1));
        }
        break;
      }
      default:
        // relations and media come as links
        break;
    }
  }
  sink(model.tableName, row);
  for (const write of later) write();
}

/** The rows of an archive's entity line. */
export function entityRows(context: RowContext, sink: RowSink, model: Model, line: { id: unknown; data: unknown }): void {
  const id = toId(line.id, model.uid);
  if (line.data === null || typeof line.data !== 'object' || Array.isArray(line.data)) throw new Error(`${model.uid} ${id}: data is not an object`);
  writeTree(context, sink, model, id, line.data as Record<string, unknown>);
}
