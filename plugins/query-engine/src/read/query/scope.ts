/**
 * The conditions plugins add to a related content-type reached inside a query (deep filters,
 * relation sorts): the same as for a populated level, so that, say, a draft in `live` can
 * neither be matched by a filter nor move an entry in a sort.
 */
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { FindParams, Filters, ScopeContext } from '../../types';

export function relatedScope(engine: Engine, target: Model, params: FindParams | undefined): Filters[] {
  if (!params || target.kind === 'component') return [];
  const context: ScopeContext = { model: target, params, level: 'populate', filters: [] };
  engine.hooks.scope.call(context);
  return context.filters;
}

