/**
 * Loads the stored entry (flat, scalars only) that update and delete hand to hooks as
 * `existing`: attribute names as keys, values in the API's form (ISO datetimes, parsed JSON,
 * booleans), private attributes included since this never reaches a client.
 */
import type { Model } from '@platform/core';
import type { Engine } from '../engine';
import type { Entity } from '../types';
import { fromDatabaseValue, storedColumn } from '../stored-value';
import { whereVisibleRows } from '../read/query/hidden-rows';

export async function loadExisting(engine: Engine, model: Model, id: number): Promise<Entity | null> {
  const { db } = engine.ctx;
  // A row the kernel keeps hidden is not there for an update or a delete either.
  const row = await whereVisibleRows(db.connection(model.tableName).where('id', id), model).first(columnsOf(engine, model));
  return row ? toEntity(model, row) : null;
}

/** The stored entries of `ids` (one statement), by id; a hidden or missing one is absent. */
export async function loadExistingMany(engine: Engine, model: Model, ids: readonly number[]): Promise<Map<number, Entity>> {
  const { db } = engine.ctx;
  const rows = (await whereVisibleRows(db.connection(model.tableName).whereIn('id', [...ids]), model).select(columnsOf(engine, model))) as Array<Record<string, unknown>>;
  return new Map(rows.map((row) => [Number(row.id), toEntity(model, row)]));
}

function columnsOf(engine: Engine, model: Model) {
  const { db } = engine.ctx;
  return ['id', ...model.scalarFields.map((field) => storedColumn(db.connection, db.client, field))];
}

function toEntity(model: Model, row: Record<string, unknown>): Entity {
  const entity: Entity = { id: Number(row.id) };
  for (const field of model.scalarFields) {
    const value = fromDatabaseValue(field, row[field.column]);
    entity[field.name] = value instanceof Date ? value.toISOString() : value;
  }
  return entity;
}
