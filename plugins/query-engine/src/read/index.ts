/**
 * Reads: validation of query parameters, SQL for filters/sort/fields/pagination, batched
 * populate, value formatting. Every parameter is validated before the first query runs, so a
 * bad request is a 400 that never touched the database.
 */
import type { Knex } from 'knex';
import type { Model, ScalarField } from '@platform/core';
import { restDefaults, runLifecycle, type Engine } from '../engine';
import type { Entity, Filters, FindParams, PageMeta, PaginationDefaults } from '../types';
import { resolveFields } from './query/fields';
import { applyFilters } from './query/filters';
import { applySort } from './query/sort';
import { withSortedColumns } from './query/sorted-columns';
import { normalizePagination, shortPageTotal } from './query/pagination';
import { formatRow } from './query/format';
import { selectColumns } from './query/columns';
import { checkOptions, type OptionPaths } from './query/check-options';
import { applyScope } from './query/apply-scope';
import { scopeFilters } from './query/scope';
import { hasSort } from './populate/target-query';
import { shapeKey } from './query/shape-key';
import { compile, READ_OPTIONS, shapesOf, type Statement } from './query/statements';
import type { NormalizedPagination, PopulateNode } from './query/contracts';
import { parsePopulate, populateEntities } from './populate';

/**
 * LIMIT and OFFSET are written into the SQL text (knex makes them integers), not bound: on
 * SQLite 3.53 a bound LIMIT costs a kept statement about as much as preparing it again at
 * every run (a read by id of an article: 50 µs bound, 15 µs written in; a page of 25 with an
 * offset: 224 and 170 µs). The page is part of every compiled statement's key anyway.
 */
const INLINE = { skipBinding: true } as const;

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
  const [results, total] = await listAndCount(engine, model, effective, prepared, pagination);
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
  // As in Strapi v4, a read by id takes `fields` and `populate` only; plugins still scope it
  // (a draft is not found in `live`). Its statement depends on those and the id only.
  const scope = scopeFilters(engine, model, effective, 'findOne');
  const key = shapeKey(['findOne', effective.fields ?? null, effective.includePrivate === true, scope]);
  const statement = shapesOf(engine, model).withId(key, id, (value) =>
    compile(() => {
      const qb = select(engine, model, fields).where(`${ROOT}.id`, value);
      applyScope(engine, qb, model, ROOT, effective, 'findOne', scope);
      return qb.limit(1, INLINE);
    }),
  );
  const [row] = await engine.ctx.db.select(statement, READ_OPTIONS);
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
  statement: Statement;
  fields: ScalarField[];
  nodes: PopulateNode[];
}

/**
 * Builds the list query (fields, scope, filters, sort, page) and parses populate; throws 400s.
 * A page without filters or sort is one statement per (fields, page, plugins' scope): compiled once.
 */
function prepareList(engine: Engine, model: Model, params: FindParams, pagination: NormalizedPagination | null): PreparedList {
  const includePrivate = params.includePrivate === true;
  const asked = resolveFields(model, params.fields, 'fields', { includePrivate });
  const nodes = parsePopulate(engine, model, params.populate, 'populate', { includePrivate });
  // Without filters and sort, asking the plugins first keeps the order in which 400s are found.
  const scope = isPlainList(params) ? scopeFilters(engine, model, params, 'root') : undefined;
  const key = scope ? shapeKey(['list', params.fields ?? null, includePrivate, pagination?.offset ?? 0, pagination?.limit ?? null, scope]) : null;
  let fields = asked;
  const statement = shapesOf(engine, model).fixed(key, () =>
    compile(() => {
      const qb = select(engine, model, asked);
      applyConditions(engine, qb, model, params, scope);
      applySort(engine, qb, model, ROOT, params.sort, 'sort', { includePrivate, params });
      // once the sort is known valid: the sorted attributes Strapi would select too
      fields = withSortedColumns(model, asked, params.filters, params.sort);
      if (fields !== asked)
        qb.select(
          selectColumns(
            engine,
            ROOT,
            fields.filter((f) => !asked.includes(f)),
          ),
        );
      if (pagination) {
        if (pagination.offset > 0) qb.offset(pagination.offset, INLINE);
        if (pagination.limit !== null) qb.limit(pagination.limit, INLINE);
      }
      return qb;
    }),
  );
  return { statement, fields, nodes };
}

/** No filters and no sort: the list's statement depends on its fields, page and the plugins' scope only. */
function isPlainList(params: FindParams): boolean {
  return (params.filters === undefined || params.filters === null) && !hasSort(params.sort);
}

/** Runs the list query, then populates the page in batches. */
async function runList(engine: Engine, model: Model, params: FindParams, prepared: PreparedList): Promise<Entity[]> {
  const rows = await engine.ctx.db.select(prepared.statement, READ_OPTIONS);
  const entities = rows.map((row) => formatRow(model, row, prepared.fields));
  if (entities.length > 0) await populateEntities(engine, model, entities, prepared.nodes, params);
  return entities;
}

/**
 * The page and its total. On MariaDB and PostgreSQL both statements run side by side on two
 * connections. SQLite has one connection, so they run one after the other anyway, and a page
 * that came back short already tells the total: its offset plus its rows. Its count is then not
 * run (a search with few hits costs one statement instead of two; the answer is the same).
 */
async function listAndCount(engine: Engine, model: Model, params: FindParams, prepared: PreparedList, pagination: NormalizedPagination): Promise<[Entity[], number | null]> {
  if (!pagination.withCount) return [await runList(engine, model, params, prepared), null];
  if (engine.ctx.db.client !== 'sqlite') return Promise.all([runList(engine, model, params, prepared), countRows(engine, model, params)]);
  const results = await runList(engine, model, params, prepared);
  return [results, shortPageTotal(pagination, results.length) ?? (await countRows(engine, model, params))];
}

async function countRows(engine: Engine, model: Model, params: FindParams): Promise<number> {
  const plain = params.filters === undefined || params.filters === null;
  const scope = plain ? scopeFilters(engine, model, params, 'root') : undefined;
  const key = scope ? shapeKey(['count', params.includePrivate === true, scope]) : null;
  const statement = shapesOf(engine, model).fixed(key, () =>
    compile(() => {
      const qb = engine.ctx.db.knex.queryBuilder().from(`${model.tableName} as ${ROOT}`);
      applyConditions(engine, qb, model, params, scope);
      return qb.count({ count: '*' });
    }),
  );
  const rows = await engine.ctx.db.select<{ count: number | string }>(statement);
  return Number(rows[0]?.count ?? 0);
}

function select(engine: Engine, model: Model, fields: ScalarField[]): Knex.QueryBuilder {
  return engine.ctx.db.knex
    .queryBuilder()
    .from(`${model.tableName} as ${ROOT}`)
    .select(selectColumns(engine, ROOT, fields));
}

/** The request's filters AND-ed with what plugins push for the root (`scope`: already asked). */
function applyConditions(engine: Engine, qb: Knex.QueryBuilder, model: Model, params: FindParams, scope: Filters[] | undefined): void {
  applyFilters(engine, qb, model, ROOT, params.filters, 'filters', { includePrivate: params.includePrivate === true, params });
  applyScope(engine, qb, model, ROOT, params, 'root', scope);
}
