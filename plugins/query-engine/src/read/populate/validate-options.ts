/**
 * Checks `fields`, `filters` and `sort` inside a populated attribute with the same rules as at
 * the root, before any SQL runs: a bad key is a 400 `Invalid parameter <key>`. Filters and sort
 * are applied to a query builder that is never executed.
 */
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import { resolveFields } from '../query/fields';
import { applyFilters } from '../query/filters';
import { applySort } from '../query/sort';

export const TARGET_ALIAS = 't0';

export function validateBranchOptions(
  engine: Engine,
  target: Model,
  options: { fields?: unknown; filters?: unknown; sort?: unknown },
  path: string,
  includePrivate: boolean,
): void {
  const { fields, filters, sort } = options;
  if (fields !== undefined && fields !== null) resolveFields(target, fields, `${path}[fields]`, { includePrivate });
  if ((filters === undefined || filters === null) && (sort === undefined || sort === null || sort === '')) return;
  const qb = engine.platform.db.knex.queryBuilder().from(`${target.tableName} as ${TARGET_ALIAS}`);
  if (filters !== undefined && filters !== null) applyFilters(engine, qb, target, TARGET_ALIAS, filters, `${path}[filters]`, { includePrivate });
  if (sort !== undefined && sort !== null && sort !== '') applySort(engine, qb, target, TARGET_ALIAS, sort, `${path}[sort]`, { includePrivate });
}
