/**
 * Adds the conditions plugins push for a level (see scope.ts) to the query reading it, and
 * keeps out the rows the kernel keeps hidden (hidden-rows.ts).
 */
import type { Knex } from 'knex';
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { Filters, FindParams, ScopeContext } from '../../types';
import { applyFilters } from './filters';
import { scopeFilters } from './scope';
import { whereVisibleRows } from './hidden-rows';

/** `scope`: what plugins pushed for this level when the caller asked them already (to name the statement's shape). */
export function applyScope(engine: Engine, qb: Knex.QueryBuilder, model: Model, alias: string, params: FindParams, level: ScopeContext['level'], scope?: Filters[]): void {
  whereVisibleRows(qb, model, alias);
  // Plugin conditions may name any attribute (a plugin's own, even private ones).
  for (const filters of scope ?? scopeFilters(engine, model, params, level)) {
    applyFilters(engine, qb, model, alias, filters, 'filters', { includePrivate: true, params });
  }
}
