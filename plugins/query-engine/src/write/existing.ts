/**
 * Loads the stored entry (flat, scalars only) that update and delete hand to hooks as
 * `existing`: attribute names as keys, values in the API's form (ISO datetimes, parsed JSON,
 * booleans), private attributes included since this never reaches a client.
 */
import type { Model } from '@platform/core';
import type { Engine } from '../engine';
import type { Entity } from '../types';

export async function loadExisting(engine: Engine, model: Model, id: number): Promise<Entity | null> {
  const row = await engine.platform.db.connection(model.tableName).where('id', id).first();
  if (!row) return null;
  const entity: Entity = { id: Number(row.id) };
  for (const field of model.scalarFields) entity[field.name] = fromRow(field.type, row[field.column]);
  return entity;
}

function fromRow(type: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'datetime':
    case 'timestamp': {
      const date = value instanceof Date ? value : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as string | number));
      return Number.isNaN(date.getTime()) ? null : date.toISOString();
    }
    case 'boolean':
      return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
    case 'json':
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    case 'integer':
    case 'float':
    case 'decimal':
      return Number(value);
    default:
      return value instanceof Date ? value.toISOString().slice(0, 10) : value;
  }
}
