/**
 * Reads an owner's rows of its `<table>_components` join table (Strapi v4 layout: entity_id,
 * component_id, component_type, field, order).
 */
import type { Model } from '@platform/core';
import type { Engine } from '../engine';

export interface JoinRow {
  entityId: number;
  componentId: number;
  componentType: string;
  field: string;
  order: number;
}

export async function loadJoinRows(engine: Engine, owner: Model, entityIds: number[]): Promise<JoinRow[]> {
  const join = owner.componentJoin;
  if (!join || entityIds.length === 0) return [];
  const rows = await engine.ctx.db
    .connection(join.name)
    .select(join.entityColumn, join.componentColumn, join.typeColumn, join.fieldColumn, join.orderColumn)
    .whereIn(join.entityColumn, entityIds)
    .orderBy([{ column: join.entityColumn }, { column: join.fieldColumn }, { column: join.orderColumn }, { column: 'id' }]);
  return rows.map((row: Record<string, unknown>) => ({
    entityId: Number(row[join.entityColumn]),
    componentId: Number(row[join.componentColumn]),
    componentType: String(row[join.typeColumn]),
    field: String(row[join.fieldColumn]),
    order: Number(row[join.orderColumn]),
  }));
}
