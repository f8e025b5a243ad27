/**
 * The conditions plugins add to a read through the `scope` hook: at the root, for a read by
 * id, at every populated level, and on a related content-type reached inside a query (deep
 * filters, relation sorts) the same as for a populated level, so that, say, a draft in `live`
 * can neither be matched by a filter nor move an entry in a sort. The hook is called here only.
 */
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { FindParams, Filters, ScopeContext } from '../../types';

/** How many times plugins were asked; a compiled statement that asked them is not reused (statements.ts). */
let asked = 0;

export function scopeAsks(): number {
  return asked;
}

/** What plugins push for one level reading `model`. */
export function scopeFilters(engine: Engine, model: Model, params: FindParams, level: ScopeContext['level']): Filters[] {
  asked += 1;
  const context: ScopeContext = { model, params, level, filters: [] };
  engine.hooks.scope.call(context);
  return context.filters;
}

/** The scope of a related content-type reached by a deep filter or a sort; components have none. */
export function relatedScope(engine: Engine, target: Model, params: FindParams | undefined): Filters[] {
  if (!params || target.kind === 'component') return [];
  return scopeFilters(engine, target, params, 'populate');
}
