/**
 * Components of all parent entries in one query through the owner's `<table>_components`
 * join, in stored `order`: a single component is an object or null, a repeatable one a list.
 * Their own relations, components and other linked attributes appear only when populated further.
 */
import type { ComponentField, Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { Entity, FindParams } from '../../types';
import type { PopulateNode } from '../query/contracts';
import type { Tally } from './budget';
import { hasSort, inChunks, isPlainLevel, whereNotIndexed, OWNER, rowsToEntities, groupByOwner, T, targetQuery, type PopulateLevel } from './target-query';
import { levelRows } from './level-statement';

const J = 'pj';

export async function loadComponent(
  engine: Engine,
  owner: Model,
  field: ComponentField,
  ids: number[],
  node: PopulateNode,
  params: FindParams,
  tally: Tally,
  populate: PopulateLevel,
): Promise<Map<number, unknown>> {
  const join = owner.componentJoin;
  const component = engine.ctx.models.find(field.component);
  if (!join || !component) return new Map();

  const { qb, fields } = targetQuery(engine, component, node, params, { scope: null });
  const key = isPlainLevel(node) ? ['component', join.name, field.name, node.fields ?? null, params.includePrivate === true] : null;
  const rows = await inChunks(ids, (slice) =>
    levelRows(engine, component, key, slice, (values) => {
      const query = qb.clone().join(`${join.name} as ${J}`, `${J}.${join.componentColumn}`, `${T}.id`).select(`${J}.${join.entityColumn} as ${OWNER}`).whereIn(`${J}.${join.entityColumn}`, values);
      whereNotIndexed(engine, query, `${J}.${join.typeColumn}`, [field.component]);
      whereNotIndexed(engine, query, `${J}.${join.fieldColumn}`, [field.name]);
      if (!hasSort(node.sort)) query.orderBy(`${J}.${join.orderColumn}`, 'asc');
      return query.orderBy(`${J}.id`, 'asc');
    }),
  );

  const byId = new Map<number, Entity>();
  const linked = rowsToEntities(component, rows, fields, byId);
  const next = tally.next(linked, field.repeatable);
  await populate(engine, component, [...byId.values()], node.populate, params, next);

  return groupByOwner(linked, field.repeatable);
}
