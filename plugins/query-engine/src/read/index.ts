/**
 * Reads: validation of query parameters, SQL for filters/sort/fields/pagination, batched
 * populate, value formatting. Every parameter is validated before the first query runs, so a
 * bad request is a 400 that never touched the database.
 */
import type { Knex } from 'knex';
import type { Model, ScalarField } from '@platform/core';
import { restDefaults, runLifecycle, type Engine } from '../engine';
import type { Entity, FindParams, PageMeta, PaginationDefaults } from '../types';
import { resolveFields } from './query/fields';
import { applyFilters } from './query/filters';
import { applySort } from './query/sort';
import { withSortedColumns } from './query/sorted-columns';
import { normalizePagination } from './query/pagination';
import { formatRow } from './query/format';
import { selectColumns } from './query/columns';
import { checkOptions, type OptionPaths } from './query/check-options';
import { applyScope } from './query/apply-scope';
import type { NormalizedPagination, PopulateNode } from './query/contracts';
import { parsePopulate, populateEntities } from './populate';
import { attachLevelParams } from './populate/level-params';

/** Alias of the root table in every read. */
const ROOT = 't0';
const ROOT_PATHS: OptionPaths = { fields: 'fields', filters: 'filters', sort: 'sort' };

export async function findMany(engine: Engine, model: Model, params: FindParams): Promise<Entity[]> {
  validate(engine, model, params);
  const state: Record<string, unknown> = {};
  const event = { params: { ...params }, state };
  await beforeRead(engine, 'findMany', model, event);
  const effective = event.params as FindParams;
  const pagination = effective.pagination === undefined ? null : normalizePagination(effective.pagination, restDefaults(engine));
  const results = await runList(engine, model, effective, prepareList(engine, model, effective, pagination));
  await afterRead(engine, 'findMany', model, { params: effective, state, result: results });
  return results;
}

export async function findPage(engine: Engine, model: Model, params: FindParams, defaults: PaginationDefaults): Promise<{ results: Entity[]; pagination: PageMeta }> {
  validate(engine, model, params);
  const state: Record<string, unknown> = {};
  const event = { params: { ...params }, state };
  await beforeRead(engine, 'findMany', model, event);
  const effective = event.params as FindParams;
  const pagination = normalizePagination(effective.pagination, defaults);
  // Every parameter is validated (prepareList throws) before the list and count run side by side.
  const prepared = prepareList(engine, model, effective, pagination);
  const [results, total] = await Promise.all([runList(engine, model, effective, prepared), pagination.withCount ? countRows(engine, model, effective) : null]);
  await afterRead(engine, 'findMany', model, { params: effective, state, result: results });
  return { results, pagination: pagination.meta(total) };
}

export async function findOne(engine: Engine, model: Model, id: number, params: FindParams): Promise<Entity | null> {
  validate(engine, model, params);
  checkUnused(engine, model, params);
  const state: Record<string, unknown> = {};
  const event = { params: { ...params }, state };
  await beforeRead(engine, 'findOne', model, event);
  const effective = event.params as FindParams;
  const fields = resolveFields(model, effective.fields, 'fields', { includePrivate: effective.includePrivate === true });
  const nodes = parsePopulate(engine, model, effective.populate, 'populate', { includePrivate: effective.includePrivate === true });
  attachLevelParams(nodes, effective);
  // As in Strapi v4, a read by id takes `fields` and `populate` only; plugins still scope it
  // (a draft is not found in `live`).
  const qb = select(engine, model, fields).where(`${ROOT}.id`, id);
  applyScope(engine, qb, model, ROOT, effective, 'findOne');
  const rows = (await qb.limit(1)) as Array<Record<string, unknown>>;
  const [row] = rows;
  const entity = row ? formatRow(model, row, fields) : null;
  if (entity) await populateEntities(engine, model, [entity], nodes, effective);
  await afterRead(engine, 'findOne', model, { params: effective, state, result: entity });
  return entity;
}

export async function count(engine: Engine, model: Model, params: FindParams): Promise<number> {
  validate(engine, model, params);
  const state: Record<string, unknown> = {};
  const event = { params: { ...params }, state };
  await runLifecycle(engine, 'beforeCount', model, event);
  const effective = event.params as FindParams;
  const total = await countRows(engine, model, effective);
  await runLifecycle(engine, 'afterCount', model, { params: effective, state, result: total });
  return total;
}

type ReadEvent = { params: Record<string, unknown>; state: Record<string, unknown>; result?: Entity[] | Entity | null };

/** The plugins' typed read hooks, then the app's lifecycles (which see the plugins' changes). */
async function beforeRead(engine: Engine, action: 'findMany' | 'findOne', model: Model, event: ReadEvent): Promise<void> {
  const hook = action === 'findMany' ? engine.hooks.beforeFindMany : engine.hooks.beforeFindOne;
  if (hook.taps.length > 0) {
    const context = { action, model, params: event.params as FindParams };
    await hook.promise(context);
    event.params = context.params;
  }
  await runLifecycle(engine, action === 'findMany' ? 'beforeFindMany' : 'beforeFindOne', model, event);
}

async function afterRead(engine: Engine, action: 'findMany' | 'findOne', model: Model, event: ReadEvent): Promise<void> {
  const hook = action === 'findMany' ? engine.hooks.afterFindMany : engine.hooks.afterFindOne;
  if (hook.taps.length > 0) await hook.promise({ action, model, params: event.params as FindParams, result: event.result });
  await runLifecycle(engine, action === 'findMany' ? 'afterFindMany' : 'afterFindOne', model, event);
}

function validate(engine: Engine, model: Model, params: FindParams): void {
  engine.hooks.validateParams.call({ model, params });
}

/**
 * As in Strapi v4, a read by id validates `filters`, `sort` and `pagination` (a bad one is the
 * same 400 as on the list) but does not apply them.
 */
function checkUnused(engine: Engine, model: Model, params: FindParams): void {
  if (params.pagination !== undefined) normalizePagination(params.pagination, restDefaults(engine));
  checkOptions(engine, model, { filters: params.filters, sort: params.sort }, ROOT_PATHS, params.includePrivate === true);
}

interface PreparedList {
  qb: Knex.QueryBuilder;
  fields: ScalarField[];
  nodes: PopulateNode[];
}

/** Builds the list query (fields, scope, filters, sort, page) and parses populate; throws 400s. */
function prepareList(engine: Engine, model: Model, params: FindParams, pagination: NormalizedPagination | null): PreparedList {
  const includePrivate = params.includePrivate === true;
  const asked = resolveFields(model, params.fields, 'fields', { includePrivate });
  const nodes = parsePopulate(engine, model, params.populate, 'populate', { includePrivate });
  attachLevelParams(nodes, params);
  const qb = select(engine, model, asked);
  applyConditions(engine, qb, model, params, 'root');
  applySort(engine, qb, model, ROOT, params.sort, 'sort', { includePrivate, params });
  // once the sort is known valid: the sorted attributes Strapi would select too
  const fields = withSortedColumns(model, asked, params.filters, params.sort);
  if (fields !== asked)
    qb.select(
      selectColumns(
        engine,
        ROOT,
        fields.filter((f) => !asked.includes(f)),
      ),
    );
  if (pagination) {
    if (pagination.offset > 0) qb.offset(pagination.offset);
    if (pagination.limit !== null) qb.limit(pagination.limit);
  }
  return { qb, fields, nodes };
}

/** Runs the list query, then populates the page in batches. */
async function runList(engine: Engine, model: Model, params: FindParams, prepared: PreparedList): Promise<Entity[]> {
  const rows = (await prepared.qb) as Array<Record<string, unknown>>;
  const entities = rows.map((row) => formatRow(model, row, prepared.fields));
  if (entities.length > 0) await populateEntities(engine, model, entities, prepared.nodes, params);
  return entities;
}

async function countRows(engine: Engine, model: Model, params: FindParams): Promise<number> {
  const qb = engine.ctx.db.connection.queryBuilder().from(`${model.tableName} as ${ROOT}`);
  applyConditions(engine, qb, model, params, 'root');
  const rows = (await qb.count({ count: '*' })) as Array<{ count: number | string }>;
  return Number(rows[0]?.count ?? 0);
}

function select(engine: Engine, model: Model, fields: ScalarField[]): Knex.QueryBuilder {
  return engine.ctx.db.connection
    .queryBuilder()
    .from(`${model.tableName} as ${ROOT}`)
    .select(selectColumns(engine, ROOT, fields));
}

/** The request's filters AND-ed with what plugins push for this level. */
function applyConditions(engine: Engine, qb: Knex.QueryBuilder, model: Model, params: FindParams, level: 'root'): void {
  applyFilters(engine, qb, model, ROOT, params.filters, 'filters', { includePrivate: params.includePrivate === true, params });
  applyScope(engine, qb, model, ROOT, params, level);
}
