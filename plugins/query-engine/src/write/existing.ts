/**
 * Loads the stored entry (flat, scalars only) that update and delete hand to hooks as
 * `existing`: attribute names as keys, values in the API's form (ISO datetimes, parsed JSON,
 * booleans), private attributes included since this never reaches a client.
 */
import type { Model } from '@platform/core';
import type { Engine } from '../engine';
import type { Entity } from '../types';
import { fromDatabaseValue } from './db-values';

export async function loadExisting(engine: Engine, model: Model, id: number): Promise<Entity | null> {
  const row = await engine.platform.db.connection(model.tableName).where('id', id).first();
  if (!row) return null;
  const entity: Entity = { id: Number(row.id) };
  for (const field of model.scalarFields) {
    const value = fromDatabaseValue(field, row[field.column]);
    entity[field.name] = value instanceof Date ? value.toISOString() : value;
  }
  return entity;
}
