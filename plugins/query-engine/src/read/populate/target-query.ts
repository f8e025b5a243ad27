/**
 * The SELECT every populated level starts from: the target model's visible (or requested)
 * scalar columns, the conditions plugins add through the `scope` hook (drafts hidden in
 * `live`), and the populate's own `filters` and `sort`. Callers join their link table to it.
 */
import type { Knex } from 'knex';
import type { Model, ScalarField } from '@platform/core';
import type { Engine } from '../../engine';
import type { Entity, Filters, FindParams } from '../../types';
import type { PopulateBranch, PopulateNode } from '../query/contracts';
import { resolveFields } from '../query/fields';
import { applyFilters } from '../query/filters';
import { applySort } from '../query/sort';
import { formatRow } from '../query/format';
import { selectColumns } from '../query/columns';
import { applyScope } from '../query/apply-scope';
import { scopeFilters } from '../query/scope';
import type { Tally } from './budget';

/** Alias of the target table in every populate query (link tables use their own short aliases). */
export const T = 'pt';
/** The owner id selected beside the target's columns, to group rows per parent entry. */
export const OWNER = '__owner';

/** Above this many parent ids, a level is loaded in several queries (driver bind limits). */
export const MAX_IDS_PER_QUERY = 5000;

/** The populate of one level, handed to the loaders so they can recurse into their targets. */
export type PopulateLevel = (engine: Engine, model: Model, entities: Entity[], nodes: PopulateNode[], params: FindParams, tally: Tally) => Promise<void>;

export interface TargetQuery {
  qb: Knex.QueryBuilder;
  fields: ScalarField[];
}

/**
 * `level.scope`: what plugins push for the level (asked by the caller, to name the level's
 * shape, level-statement.ts); null for a component, which plugins do not scope.
 */
export function targetQuery(engine: Engine, target: Model, branch: Omit<PopulateBranch, 'populate'>, params: FindParams, level: { scope: Filters[] | null }): TargetQuery {
  // `params`: relations reached by the populate's own deep filters and sorts are scoped too
  const options = { includePrivate: params.includePrivate === true, params };
  const fields = resolveFields(target, branch.fields, 'populate', options);
  const qb = engine.ctx.db.connection
    .queryBuilder()
    .from(`${target.tableName} as ${T}`)
    .select(selectColumns(engine, T, fields));
  // plugins' scope conditions may name any attribute; the request's own are checked as usual
  if (level.scope) applyScope(engine, qb, target, T, params, 'populate', level.scope);
  if (branch.filters) applyFilters(engine, qb, target, T, branch.filters, 'populate[filters]', options);
  if (hasSort(branch.sort)) applySort(engine, qb, target, T, branch.sort, 'populate[sort]', options);
  return { qb, fields };
}

/** What plugins push for a populated level of `target` (draft & publish: published only in live), to build it with (targetQuery) and name its shape. */
export function populateScope(engine: Engine, target: Model, params: FindParams): Filters[] {
  return scopeFilters(engine, target, params, 'populate');
}

/** A level without the request's own filters and sort: its statement depends on its fields and scope only. */
export function isPlainLevel(branch: Omit<PopulateBranch, 'populate'>): boolean {
  return (branch.filters === undefined || branch.filters === null) && !hasSort(branch.sort);
}

export function hasSort(sort: unknown): boolean {
  return sort !== undefined && sort !== null && sort !== '';
}

/** Formats rows once per id: the same target linked to several parents is one object. */
export function rowsToEntities(target: Model, rows: Array<Record<string, unknown>>, fields: ScalarField[], byId: Map<number, Entity>): Array<{ owner: number; entity: Entity }> {
  const out: Array<{ owner: number; entity: Entity }> = [];
  // the ids seen per owner (numbers: no text key built per row)
  const seen = new Map<number, Set<number>>();
  for (const row of rows) {
    const id = Number(row.id);
    const owner = Number(row[OWNER]);
    // a deep filter through a to-many relation can repeat a row; each target appears once
    let ids = seen.get(owner);
    if (ids === undefined) {
      ids = new Set();
      seen.set(owner, ids);
    } else if (ids.has(id)) continue;
    ids.add(id);
    let entity = byId.get(id);
    if (!entity) {
      entity = formatRow(target, row, fields);
      byId.set(id, entity);
    }
    out.push({ owner, entity });
  }
  return out;
}

/** Each owner's value: the list of its targets (`many`), or the first one. */
export function groupByOwner(linked: Array<{ owner: number; entity: Entity }>, many: boolean): Map<number, unknown> {
  const values = new Map<number, unknown>();
  for (const { owner, entity } of linked) {
    if (many) {
      const list = (values.get(owner) as Entity[] | undefined) ?? [];
      list.push(entity);
      values.set(owner, list);
    } else if (!values.has(owner)) {
      values.set(owner, entity);
    }
  }
  return values;
}

/**
 * `ref IN (values)` that the database must not pick an index for: on a `<table>_components`
 * join, SQLite (which has no statistics) would rather use the index on `field` or
 * `component_type`, a handful of distinct values, than the one on the owner id, and scan most
 * of the table. SQLite's unary `+` keeps the term out of index selection; the others plan
 * from statistics and get the plain condition.
 */
export function whereNotIndexed(engine: Engine, qb: Knex.QueryBuilder, ref: string, values: readonly string[]): void {
  if (engine.ctx.db.client !== 'sqlite') {
    if (values.length === 1) qb.where(ref, values[0]);
    else qb.whereIn(ref, values as string[]);
    return;
  }
  qb.whereRaw(`+?? in (${values.map(() => '?').join(', ')})`, [ref, ...values]);
}

/** Runs `load` over the ids in slices, so a huge level never exceeds a driver's bind limit. */
export async function inChunks<T>(ids: number[], load: (slice: number[]) => Promise<T[]>): Promise<T[]> {
  if (ids.length <= MAX_IDS_PER_QUERY) return load(ids);
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_QUERY) out.push(...(await load(ids.slice(i, i + MAX_IDS_PER_QUERY))));
  return out;
}
