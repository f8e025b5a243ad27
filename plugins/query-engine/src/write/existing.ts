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
  const columns = model.scalarFields.map((field) => storedColumn(db.connection, db.client, field));
  // A row the kernel keeps hidden is not there for an update or a delete either.
  const row = await whereVisibleRows(db.connection(model.tableName).where('id', id), model).first(['id', ...columns]);
  if (!row) return null;
  const entity: Entity = { id: Number(row.id) };
  for (const field of model.scalarFields) {
    const value = fromDatabaseValue(field, row[field.column]);
    entity[field.name] = value instanceof Date ? value.toISOString() : value;
  }
  return entity;
}
