/**
 * Dynamic zones: the join rows of all parent entries in one query (in stored `order`), then
 * one query per component type present. Items are `{ id, __component, ...fields }`; ids are
 * per component table. With `on`, only the listed components' items appear.
 */
import { groupBy, type DynamicZoneField, type Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { Entity, FindParams } from '../../types';
import type { PopulateBranch, PopulateNode } from '../query/contracts';
import type { Tally } from './budget';
import { formatRow } from '../query/format';
import { inChunks, isPlainLevel, whereNotIndexed, T, targetQuery, type PopulateLevel } from './target-query';
import { levelRows } from './level-statement';

interface JoinRow {
  owner: number;
  componentId: number;
  type: string;
}

export async function loadZone(
  engine: Engine,
  owner: Model,
  field: DynamicZoneField,
  ids: number[],
  node: PopulateNode,
  params: FindParams,
  tally: Tally,
  populate: PopulateLevel,
): Promise<Map<number, unknown>> {
  const join = owner.componentJoin;
  const branches = zoneBranches(field, node);
  const types = Object.keys(branches);
  if (!join || types.length === 0) return new Map();

  const joinRows = await inChunks(ids, async (slice) => {
    const rows = await levelRows(engine, owner, ['zone', join.name, field.name, types], slice, (values) => {
      const query = engine.ctx.db.connection.queryBuilder().from(join.name).select(join.entityColumn, join.componentColumn, join.typeColumn).whereIn(join.entityColumn, values);
      whereNotIndexed(engine, query, join.fieldColumn, [field.name]);
      whereNotIndexed(engine, query, join.typeColumn, types);
      return query.orderBy(join.orderColumn, 'asc').orderBy('id', 'asc');
    });
    return rows.map((r): JoinRow => ({ owner: Number(r[join.entityColumn]), componentId: Number(r[join.componentColumn]), type: String(r[join.typeColumn]) }));
  });

  const idsByType = groupBy(
    joinRows,
    (row) => row.type,
    (row) => row.componentId,
  );

  // one query per component type present; items filtered out by a fragment's filters drop out
  const itemsByType = new Map<string, Map<number, Entity>>();
  await Promise.all(
    [...idsByType].map(async ([type, componentIds]) => {
      const component = engine.ctx.models.find(type);
      const branch = branches[type]; // the join rows were read for these types only
      if (!component || !branch) return;
      const { qb, fields } = targetQuery(engine, component, branch, params, { scope: null });
      const key = isPlainLevel(branch) ? ['zone item', branch.fields ?? null, params.includePrivate === true] : null;
      const rows = await inChunks(componentIds, (slice) => levelRows(engine, component, key, slice, (values) => qb.clone().whereIn(`${T}.id`, values)));
      const byId = new Map<number, Entity>();
      for (const row of rows) {
        const { id, ...rest } = formatRow(component, row, fields);
        // `id` then `__component` lead, as Strapi v4 answers
        byId.set(id, { id, __component: type, ...rest });
      }
      const linked = joinRows.flatMap((row) => {
        const entity = row.type === type ? byId.get(row.componentId) : undefined;
        return entity ? [{ owner: row.owner, entity }] : [];
      });
      await populate(engine, component, [...byId.values()], branch.populate, params, tally.next(linked, true));
      itemsByType.set(type, byId);
    }),
  );

  const values = new Map<number, unknown>();
  for (const row of joinRows) {
    const item = itemsByType.get(row.type)?.get(row.componentId);
    if (!item) continue;
    const list = (values.get(row.owner) as Entity[] | undefined) ?? [];
    list.push(item);
    values.set(row.owner, list);
  }
  return values;
}

/** The strategy per component: the `on` fragments when given, else the shared one for all. */
function zoneBranches(field: DynamicZoneField, node: PopulateNode): Record<string, PopulateBranch> {
  if (node.on) {
    const out: Record<string, PopulateBranch> = {};
    for (const [uid, value] of Object.entries(node.on)) {
      if (field.components.includes(uid)) out[uid] = Array.isArray(value) ? { populate: value } : value;
    }
    return out;
  }
  if (node.components) return node.components;
  return Object.fromEntries(field.components.map((uid) => [uid, { populate: [] }]));
}
