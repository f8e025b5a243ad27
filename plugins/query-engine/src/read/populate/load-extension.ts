/**
 * Attributes of plugin-provided types, populated through the link their field kind declares:
 * the targets of all parent entries in one query (`WHERE owner IN (...)`, with the link's
 * conditions, e.g. the owner's uid and the attribute name in a table shared by every model),
 * in the link's stored order. A kind without a link leaves the attribute empty (null / []).
 */
import type { ExtensionField, Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { Entity, FindParams } from '../../types';
import type { PopulateNode } from '../query/contracts';
import type { Tally } from './budget';
import { levelParams } from './level-params';
import { hasSort, inChunks, isPlainLevel, OWNER, populateScope, rowsToEntities, groupByOwner, T, targetQuery, type PopulateLevel } from './target-query';
import { levelRows } from './level-statement';

const L = 'pm';

export async function loadExtension(
  engine: Engine,
  owner: Model,
  field: ExtensionField,
  ids: number[],
  node: PopulateNode,
  params: FindParams,
  tally: Tally,
  populate: PopulateLevel,
): Promise<Map<number, unknown>> {
  const link = engine.fieldKinds.of(field).link(engine.ctx, owner, field);
  if (!link) return new Map();
  const { target } = link;
  params = levelParams(params, node);

  const scope = populateScope(engine, target, params);
  const { qb, fields } = targetQuery(engine, target, node, params, { scope });
  const key = isPlainLevel(node)
    ? ['extension', link.table, link.ownerColumn, link.targetColumn, link.orderColumn ?? null, link.conditions, node.fields ?? null, params.includePrivate === true, scope]
    : null;
  const rows = await inChunks(ids, (slice) =>
    levelRows(engine, target, key, slice, (values) => {
      const query = qb.clone().join(`${link.table} as ${L}`, `${L}.${link.targetColumn}`, `${T}.id`).select(`${L}.${link.ownerColumn} as ${OWNER}`);
      for (const [column, value] of link.conditions) query.where(`${L}.${column}`, value);
      query.whereIn(`${L}.${link.ownerColumn}`, values);
      if (!hasSort(node.sort) && link.orderColumn) query.orderBy(`${L}.${link.orderColumn}`, 'asc');
      return query.orderBy(`${L}.id`, 'asc');
    }),
  );

  const byId = new Map<number, Entity>();
  const linked = rowsToEntities(target, rows, fields, byId);
  const next = tally.next(linked, field.multiple);
  await populate(engine, target, [...byId.values()], node.populate, params, next);

  return groupByOwner(linked, field.multiple);
}
