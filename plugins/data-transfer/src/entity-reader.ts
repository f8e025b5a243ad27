/**
 * The entries of a content-type read back as archive entity lines, a page at a time (keyset on
 * the id, so a page costs the same wherever it starts): each row's attributes in their stored
 * form turned canonical, and its components (nested ones too) read for the whole page at once,
 * table by table, placed in their order with their ids.
 */
import type { Model } from '@platform/core';
import { chunks, fromDatabaseValue, storedColumn } from '@platform/query-engine';
import type { EntityLine } from './format';
import type { TransferContext } from './transfer-context';

type Row = Record<string, unknown>;
type Data = Record<string, unknown>;

function scalarData(model: Model, row: Row): Data {
  const data: Data = {};
  for (const field of model.fields.values()) {
    if (field.kind === 'scalar') data[field.name] = fromDatabaseValue(field, row[field.column]);
  }
  return data;
}

async function selectRows(context: TransferContext, model: Model, ids: readonly number[]): Promise<Row[]> {
  const rows: Row[] = [];
  const columns = ['id', ...model.scalarFields.map((f) => storedColumn(context.knex, context.client, f))];
  for (const part of chunks(ids)) rows.push(...((await context.knex(model.tableName).select(columns).whereIn('id', part)) as Row[]));
  return rows;
}

/**
 * Sets the component attributes of `owners` (model `owner`, by id): the join rows of all of them,
 * then each component table's rows, then, recursively, their own components.
 */
async function attachComponents(context: TransferContext, owner: Model, owners: Map<number, Data>): Promise<void> {
  const join = owner.componentJoin;
  if (!join || owners.size === 0) return;
  const componentFields = [...owner.fields.values()].filter((f) => f.kind === 'component' || f.kind === 'dynamiczone');
  if (componentFields.length === 0) return;
  const joins: Row[] = [];
  for (const part of chunks([...owners.keys()])) {
    joins.push(
      ...((await context
        .knex(join.name)
        .select(join.entityColumn, join.componentColumn, join.typeColumn, join.fieldColumn, join.orderColumn)
        .whereIn(join.entityColumn, part)
        .orderBy([join.entityColumn, join.fieldColumn, join.orderColumn, 'id'])) as Row[]),
    );
  }
  const idsByType = new Map<string, Set<number>>();
  for (const j of joins) {
    const type = String(j[join.typeColumn]);
    let ids = idsByType.get(type);
    if (!ids) {
      ids = new Set();
      idsByType.set(type, ids);
    }
    ids.add(Number(j[join.componentColumn]));
  }
  const components = new Map<string, Map<number, Data>>();
  for (const [type, ids] of idsByType) {
    const model = context.models.find(type);
    if (!model) continue;
    const byId = new Map<number, Data>();
    for (const row of await selectRows(context, model, [...ids])) byId.set(Number(row.id), { id: Number(row.id), ...scalarData(model, row) });
    await attachComponents(context, model, byId);
    components.set(type, byId);
  }
  for (const data of owners.values()) {
    for (const field of componentFields) data[field.name] = field.kind === 'component' && !field.repeatable ? null : [];
  }
  for (const j of joins) {
    const data = owners.get(Number(j[join.entityColumn]));
    const field = owner.fields.get(String(j[join.fieldColumn]));
    const type = String(j[join.typeColumn]);
    const component = components.get(type)?.get(Number(j[join.componentColumn]));
    if (!data || !field || !component) continue;
    if (field.kind === 'dynamiczone') (data[field.name] as Data[]).push({ __component: type, ...component });
    else if (field.kind === 'component' && field.repeatable) (data[field.name] as Data[]).push(component);
    else if (field.kind === 'component') data[field.name] = component;
  }
}

/** The entity lines of a content-type, `pageSize` rows at a time. */
export async function* readEntities(context: TransferContext, model: Model, pageSize: number): AsyncGenerator<EntityLine> {
  const columns = ['id', ...model.scalarFields.map((f) => storedColumn(context.knex, context.client, f))];
  let after = 0;
  for (;;) {
    const rows = (await context.knex(model.tableName).select(columns).where('id', '>', after).orderBy('id').limit(pageSize)) as Row[];
    if (rows.length === 0) return;
    const page = new Map<number, Data>();
    for (const row of rows) page.set(Number(row.id), scalarData(model, row));
    await attachComponents(context, model, page);
    for (const [id, data] of page) yield { type: model.uid, id, data };
    after = Number(rows[rows.length - 1]?.id);
    if (rows.length < pageSize) return;
  }
}
