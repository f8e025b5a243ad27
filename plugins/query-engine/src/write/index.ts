/**
 * Writes: validation of `data` per attribute, entry + components + relations in one
 * transaction, plugin hooks and Strapi-style lifecycles. Order of a create or update:
 * hooks before* (plugins set publishedAt, locale) → lifecycles before* → hook beforeValidate
 * (plugins may relax `required`, for drafts) → validation of everything (attributes,
 * components, relation inputs) → rows → links → re-read → after*.
 * Any error rolls the whole write back.
 */
import { ApplicationError, type Model } from '@platform/core';
import type { Engine } from '../engine';
import type { Entity, FindParams, RelationWriter, WriteContext, WriteParams } from '../types';
import * as read from '../read';
import { validateEntry } from './validate-entry';
import { pickWritable } from './writable-keys';
import { insertEntry, prepareLinks, updateEntryRow, writeChildren, type RowExtras } from './write-tree';
import { deleteLinks, deleteOwnedComponents } from './delete-tree';
import { loadExisting, loadExistingMany } from './existing';
import { chunks, DELETE_CHUNK } from '../chunks';
import { startLifecycles } from './lifecycle-events';
import { isUniqueViolation, uniqueViolationError } from './db-errors';
import { toDatabaseValue } from './db-values';

function relationWriter(engine: Engine): RelationWriter | undefined {
  return engine.relationWriter ?? undefined;
}

/** Lets plugins see the final data and relax the `required` checks (drafts) before validation. */
async function relaxRequiredFor(engine: Engine, context: WriteContext): Promise<boolean> {
  await engine.hooks.beforeValidate.promise(context);
  return context.relaxRequired === true;
}

function timestamps(engine: Engine, model: Model, now: Date, create: boolean): RowExtras {
  const extras: RowExtras = {};
  for (const name of create ? ['createdAt', 'updatedAt'] : ['updatedAt']) {
    const field = model.fields.get(name);
    if (field?.kind === 'scalar') extras[field.column] = toDatabaseValue(field, now, engine.ctx.db.client);
  }
  return extras;
}

/** The answer of a write: the entry as the read path formats it, whatever plugins hide from requests. */
function readBack(engine: Engine, model: Model, id: number, params: WriteParams | FindParams): Promise<Entity | null> {
  return read.findOne(engine, model, id, { fields: params.fields, populate: params.populate, includeHidden: true });
}

async function inTransaction<T>(engine: Engine, model: Model, fn: () => Promise<T>): Promise<T> {
  try {
    return await engine.ctx.db.transaction(fn);
  } catch (error) {
    const mapped = isUniqueViolation(error) ? uniqueViolationError(engine.ctx.models, model, error) : null;
    throw mapped ?? error;
  }
}

export async function createEntry(engine: Engine, model: Model, params: WriteParams): Promise<Entity> {
  const data = pickWritable(model, params.data);
  const writer = relationWriter(engine);
  return inTransaction(engine, model, async () => {
    const context: WriteContext = { action: 'create', model, id: null, data, params, existing: null };
    await engine.hooks.beforeCreate.promise(context);
    const lifecycles = startLifecycles(engine, model);
    const event = await lifecycles.run('beforeCreate', { data: context.data });
    context.data = (event.data as Record<string, unknown>) ?? context.data;

    const prepared = await validateEntry(model, context.data, { engine, mode: 'create', id: null, relaxRequired: await relaxRequiredFor(engine, context), existing: null });
    await prepareLinks(engine, prepared, writer);
    const id = await insertEntry(engine, prepared, timestamps(engine, model, new Date(), true));
    await writeChildren(engine, prepared, writer);

    const result = await readBack(engine, model, id, params);
    // The read-back asks for hidden entries; a plugin scope that hides the new one anyway is a typed error.
    if (!result) throw new ApplicationError(`The created entry ${model.uid} #${id} could not be read back`);
    context.id = id;
    context.result = result;
    await engine.hooks.afterCreate.promise(context);
    await lifecycles.run('afterCreate', { data: context.data }, result);
    return result;
  });
}

export async function updateEntry(engine: Engine, model: Model, id: number, params: WriteParams): Promise<Entity | null> {
  const data = pickWritable(model, params.data);
  const writer = relationWriter(engine);
  return inTransaction(engine, model, async () => {
    const existing = await loadExisting(engine, model, id);
    if (!existing) return null;
    const context: WriteContext = { action: 'update', model, id, data, params, existing };
    await engine.hooks.beforeUpdate.promise(context);
    const lifecycles = startLifecycles(engine, model);
    const event = await lifecycles.run('beforeUpdate', { data: context.data, where: { id } });
    context.data = (event.data as Record<string, unknown>) ?? context.data;

    const prepared = await validateEntry(model, context.data, { engine, mode: 'update', id, relaxRequired: await relaxRequiredFor(engine, context), existing });
    await prepareLinks(engine, prepared, writer);
    await updateEntryRow(engine, prepared, id, timestamps(engine, model, new Date(), false));
    await writeChildren(engine, prepared, writer);

    const result = await readBack(engine, model, id, params);
    context.result = result;
    await engine.hooks.afterUpdate.promise(context);
    await lifecycles.run('afterUpdate', { data: context.data, where: { id } }, result);
    return result;
  });
}

export async function deleteEntry(engine: Engine, model: Model, id: number, params: FindParams): Promise<Entity | null> {
  const writer = relationWriter(engine);
  return inTransaction(engine, model, async () => {
    const existing = await loadExisting(engine, model, id);
    if (!existing) return null;
    const deleting = await beforeDeleting(engine, model, existing, params);

    const result = await readBack(engine, model, id, params);
    await deleteOwnedComponents(engine, model, [id], writer);
    await deleteLinks(engine, model, [id], writer);
    await engine.ctx.db.connection(model.tableName).where('id', id).delete();

    await afterDeleting(engine, deleting, result);
    return result;
  });
}

/**
 * Entries deleted in one transaction, `DELETE_CHUNK` at a time: per slice one read of the stored
 * rows, one read-back, the links and the rows deleted by id list; each entry's hooks and
 * lifecycles run as `deleteEntry` runs them (before*, then after* with its read-back). So the
 * statements are a fixed number per slice, none binds more than a slice of ids, and an entry
 * id names none is skipped: the answer holds the deleted entries, in the order of `ids`.
 */
export async function deleteEntries(engine: Engine, model: Model, ids: readonly number[], params: FindParams): Promise<Entity[]> {
  const writer = relationWriter(engine);
  return inTransaction(engine, model, async () => {
    const deleted: Entity[] = [];
    for (const slice of chunks([...new Set(ids)], DELETE_CHUNK)) {
      const existing = await loadExistingMany(engine, model, slice);
      const present = slice.filter((id) => existing.has(id));
      if (present.length === 0) continue;
      const started: Deleting[] = [];
      for (const id of present) started.push(await beforeDeleting(engine, model, existing.get(id) as Entity, params));
      const read = await readBackMany(engine, model, present, params);
      await deleteOwnedComponents(engine, model, present, writer);
      await deleteLinks(engine, model, present, writer);
      await engine.ctx.db.connection(model.tableName).whereIn('id', present).delete();
      for (const deleting of started) {
        const result = read.get(deleting.context.id as number) ?? null;
        await afterDeleting(engine, deleting, result);
        if (result) deleted.push(result);
      }
    }
    return deleted;
  });
}

/** An entry's delete under way: its hooks' context and its lifecycles, between before* and after*. */
interface Deleting {
  context: WriteContext;
  lifecycles: ReturnType<typeof startLifecycles>;
}

/** The before* hooks and lifecycles of deleting the stored `existing`, as every delete runs them. */
async function beforeDeleting(engine: Engine, model: Model, existing: Entity, params: FindParams): Promise<Deleting> {
  const { id } = existing;
  const context: WriteContext = { action: 'delete', model, id, data: {}, params, existing };
  await engine.hooks.beforeDelete.promise(context);
  const lifecycles = startLifecycles(engine, model);
  await lifecycles.run('beforeDelete', { where: { id } });
  return { context, lifecycles };
}

/** The after* hooks and lifecycles of a delete, with the entry as it was read back before. */
async function afterDeleting(engine: Engine, { context, lifecycles }: Deleting, result: Entity | null): Promise<void> {
  context.result = result;
  await engine.hooks.afterDelete.promise(context);
  await lifecycles.run('afterDelete', { where: { id: context.id } }, result);
}

async function readBackMany(engine: Engine, model: Model, ids: number[], params: FindParams): Promise<Map<number, Entity>> {
  const found = await read.findMany(engine, model, { fields: params.fields, populate: params.populate, filters: { id: { $in: ids } }, includeHidden: true });
  return new Map(found.map((entity) => [entity.id, entity]));
}
