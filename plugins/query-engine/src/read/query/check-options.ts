/**
 * Checks `fields`, `filters` and `sort` with the rules of a real read, on a query that never
 * runs: a bad key is a 400 `Invalid parameter <key>` found before any SQL. Used where those
 * options are checked ahead of the query that applies them (populated levels, checked while the
 * populate is parsed) or where they are checked but not applied (a read by id, as in Strapi v4).
 */
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import { resolveFields } from './fields';
import { applyFilters } from './filters';
import { applySort } from './sort';

const ALIAS = 't0';

export interface CheckedOptions {
  fields?: unknown;
  filters?: unknown;
  sort?: unknown;
}

/** The parameter names errors report, e.g. `populate[category][filters]`. */
export interface OptionPaths {
  fields: string;
  filters: string;
  sort: string;
}

export function checkOptions(engine: Engine, model: Model, options: CheckedOptions, paths: OptionPaths, includePrivate: boolean): void {
  const { fields, filters, sort } = options;
  if (fields !== undefined && fields !== null) resolveFields(model, fields, paths.fields, { includePrivate });
  const hasFilters = filters !== undefined && filters !== null;
  const hasSort = sort !== undefined && sort !== null && sort !== '';
  if (!hasFilters && !hasSort) return;
  const qb = engine.ctx.db.knex.queryBuilder().from(`${model.tableName} as ${ALIAS}`);
  if (hasFilters) applyFilters(engine, qb, model, ALIAS, filters, paths.filters, { includePrivate });
  if (hasSort) applySort(engine, qb, model, ALIAS, sort, paths.sort, { includePrivate });
}

/** The paths of the options nested in a populated attribute at `path`. */
export function nestedPaths(path: string): OptionPaths {
  return { fields: `${path}[fields]`, filters: `${path}[filters]`, sort: `${path}[sort]` };
}
