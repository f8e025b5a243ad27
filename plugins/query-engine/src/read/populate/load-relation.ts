/**
 * A populated relation, every kind and both sides, for all parent entries in one query through
 * the relation's link table: to-many lists in stored order (by parent, this side's order column,
 * then the link id) unless the populate has its own `sort`, cut per parent in SQL when the level has
 * windows (PopulateWindow); to-one the first linked entry or null. A level without filters or
 * sort of its own, windowed or not, is compiled once per shape (level-statement.ts).
 */
import type { Knex } from 'knex';
import type { Model, RelationField } from '@platform/core';
import type { Engine } from '../../engine';
import { RelationCount, type Entity, type FindParams, type PopulateWindow } from '../../types';
import type { PopulateNode } from '../query/contracts';
import type { Tally } from './budget';
import { levelParams } from './level-params';
import { applyFilters } from '../query/filters';
import { applyScope } from '../query/apply-scope';
import { sortTerms, type SortTerm } from '../query/sort';
import { hasSort, inChunks, isPlainLevel, OWNER, populateScope, rowsToEntities, groupByOwner, T, targetQuery, type PopulateLevel } from './target-query';
import { levelRows } from './level-statement';

const L = 'pl';
/** Alias of the numbered rows of a windowed level, and of their number in each parent's list. */
const W = 'pw';
const ROW = '__row';

export async function loadRelation(engine: Engine, field: RelationField, ids: number[], node: PopulateNode, params: FindParams, tally: Tally, populate: PopulateLevel): Promise<Map<number, unknown>> {
  const target = engine.ctx.models.get(field.target);
  params = levelParams(params, node);
  if (node.count && field.toMany) return countRelation(engine, field, target, ids, node, params);

  const scope = populateScope(engine, target, params);
  const { qb, fields } = targetQuery(engine, target, node, params, { scope });
  const windows = field.toMany ? node.windows : undefined;
  // a windowed level's windows are part of its shape: a client's other pages are other shapes (a model keeps 256)
  const key = isPlainLevel(node) ? ['relation', field.link.name, field.selfColumn, node.fields ?? null, params.includePrivate === true, scope, windows ?? null] : null;
  const rows = await inChunks(ids, (slice) =>
    levelRows(engine, target, key, slice, (values) => {
      const query = qb.clone().join(`${field.link.name} as ${L}`, `${L}.${field.otherColumn}`, `${T}.id`).select(`${L}.${field.selfColumn} as ${OWNER}`).whereIn(`${L}.${field.selfColumn}`, values);
      if (windows) return windowed(engine, query, `${L}.${field.selfColumn}`, listOrder(engine, field, target, node, params), windows);
      if (!hasSort(node.sort)) {
        // Owner first: each parent's list keeps its stored order, and the database reads the link
        // table's `(owner, order)` index (the schema sync's list indexes) instead of sorting every row.
        query.orderBy(`${L}.${field.selfColumn}`, 'asc');
        if (field.orderColumn) query.orderBy(`${L}.${field.orderColumn}`, 'asc');
      }
      return query.orderBy(`${L}.id`, 'asc');
    }),
  );

  const byId = new Map<number, Entity>();
  const linked = rowsToEntities(target, rows, fields, byId);
  const next = tally.next(linked, field.toMany);
  await populate(engine, target, [...byId.values()], node.populate, params, next);

  return groupByOwner(linked, field.toMany);
}

/** The order of each parent's list, as the unwindowed query orders it: the populate's sort, else the stored order. */
function listOrder(engine: Engine, field: RelationField, target: Model, node: PopulateNode, params: FindParams): SortTerm[] {
  const terms = hasSort(node.sort)
    ? sortTerms(engine, target, T, node.sort, 'populate[sort]', { includePrivate: params.includePrivate === true, params })
    : field.orderColumn
      ? [{ sql: '?? asc', bindings: [`${L}.${field.orderColumn}`] }]
      : [];
  return [...terms, { sql: '?? asc', bindings: [`${L}.id`] }];
}

/** The level's query cut to its windows (what they keep, and why the level stays one statement: PopulateWindow). */
function windowed(engine: Engine, query: Knex.QueryBuilder, owner: string, order: SortTerm[], windows: PopulateWindow[]): Knex.QueryBuilder {
  const { knex, connection } = engine.ctx.db;
  const rowNumber = `ROW_NUMBER() OVER (PARTITION BY ?? ORDER BY ${order.map((term) => term.sql).join(', ')}) as ??`;
  query.clearOrder().select(knex.raw(rowNumber, [owner, ...order.flatMap((term) => term.bindings), ROW] as Knex.RawBinding[]));
  // the open transaction's connection, as every other populate statement (it sees the transaction's writes)
  return connection
    .queryBuilder()
    .select('*')
    .from(query.as(W))
    .where((kept) => {
      for (const window of windows) kept.orWhere((range) => range.where(`${W}.${ROW}`, '>', window.offset).andWhere(`${W}.${ROW}`, '<=', window.offset + window.limit));
    })
    .orderBy(`${W}.${OWNER}`, 'asc')
    .orderBy(`${W}.${ROW}`, 'asc');
}

/** `populate[rel][count]=true`: how many entries each parent links, under the same scope. */
async function countRelation(engine: Engine, field: RelationField, target: Model, ids: number[], node: PopulateNode, params: FindParams): Promise<Map<number, unknown>> {
  const rows = await inChunks(ids, (slice) => {
    const qb = engine.ctx.db.connection
      .queryBuilder()
      .from(`${target.tableName} as ${T}`)
      .join(`${field.link.name} as ${L}`, `${L}.${field.otherColumn}`, `${T}.id`)
      .select(`${L}.${field.selfColumn} as ${OWNER}`)
      .countDistinct({ total: `${T}.id` })
      .whereIn(`${L}.${field.selfColumn}`, slice)
      .groupBy(`${L}.${field.selfColumn}`);
    applyScope(engine, qb, target, T, params, 'populate');
    if (node.filters) applyFilters(engine, qb, target, T, node.filters, 'populate[filters]', { includePrivate: params.includePrivate === true, params });
    return qb as unknown as Promise<Array<Record<string, unknown>>>;
  });
  const values = new Map<number, unknown>(ids.map((id) => [id, new RelationCount(0)]));
  for (const row of rows) values.set(Number(row[OWNER]), new RelationCount(Number(row.total)));
  return values;
}
