/**
 * Removes components with everything under them: their own nested components (recursively),
 * their join rows, their links (relations and plugin-provided attributes), then their rows.
 */
import { groupBy, type Model } from '@platform/core';
import type { Engine } from '../engine';
import type { RelationWriter } from '../types';
import { loadJoinRows } from './join-rows';

/** `byType`: component uid → ids of that component table to delete. */
export async function deleteComponents(engine: Engine, byType: Map<string, number[]>, writer: RelationWriter | undefined): Promise<void> {
  for (const [uid, ids] of byType) {
    if (!ids.length) continue;
    const model = engine.ctx.models.find(uid);
    if (!model) continue;
    await deleteOwnedComponents(engine, model, ids, writer);
    await deleteLinks(engine, model, ids, writer);
    await engine.ctx.db.connection(model.tableName).whereIn('id', ids).delete();
  }
}

/** Removes every link of the given entries: their relations, then what each field kind stores for them. */
export async function deleteLinks(engine: Engine, model: Model, ids: number[], writer: RelationWriter | undefined): Promise<void> {
  if (writer) await writer.deleteLinks(model, ids);
  for (const kind of engine.fieldKinds.all()) await kind.deleteLinks?.(engine.ctx, model, ids);
}

/** Deletes every component owned by the given entries (content-type or component) and the join rows. */
export async function deleteOwnedComponents(engine: Engine, owner: Model, ownerIds: number[], writer: RelationWriter | undefined): Promise<void> {
  const join = owner.componentJoin;
  if (!join || ownerIds.length === 0) return;
  const rows = await loadJoinRows(engine, owner, ownerIds);
  if (!rows.length) return;
  const byType = groupBy(
    rows,
    (row) => row.componentType,
    (row) => row.componentId,
  );
  await engine.ctx.db.connection(join.name).whereIn(join.entityColumn, ownerIds).delete();
  await deleteComponents(engine, byType, writer);
}
