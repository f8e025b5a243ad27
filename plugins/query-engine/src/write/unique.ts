/**
 * The `unique` check of an attribute (and of every uid): one query, case-sensitive on every
 * database, excluding the entry being updated, narrowed by the filters plugins push through
 * the `scopeUnique` hook (i18n: the entry's locale).
 */
import type { Knex } from 'knex';
import { ValidationError, type DatabaseClient, type Model, type ScalarField } from '@platform/core';
import type { Engine } from '../engine';
import type { Entity, Filters, UniqueScopeContext } from '../types';
import { toDatabaseValue } from './db-values';

export interface UniqueCheck {
  action: 'create' | 'update';
  id: number | null;
  data: Record<string, unknown>;
  existing: Entity | null;
}

export async function checkUnique(engine: Engine, model: Model, field: ScalarField, value: unknown, check: UniqueCheck): Promise<boolean> {
  const { db } = engine.ctx;
  const scope: UniqueScopeContext = { model, attribute: field.name, action: check.action, id: check.id, data: check.data, existing: check.existing, filters: [] };
  engine.hooks.scopeUnique.call(scope);
  const qb = db.connection(model.tableName).select('id').limit(1);
  whereEquals(qb, field, value, db.client);
  if (check.id !== null) qb.whereNot('id', check.id);
  for (const filter of scope.filters) applyScopeFilter(qb, model, filter, db.client);
  const rows = await qb;
  return rows.length > 0;
}

function whereEquals(qb: Knex.QueryBuilder, field: ScalarField, value: unknown, client: DatabaseClient): void {
  const stored = toDatabaseValue(field, value, client);
  if (stored === null) qb.whereNull(field.column);
  // MariaDB's default collation compares case-insensitively: compare the bytes instead
  else if (client === 'mysql' && typeof stored === 'string') qb.whereRaw('BINARY ?? = ?', [field.column, stored]);
  else qb.where(field.column, stored as Knex.Value);
}

/** The small filter language scope filters use: `{ attr: value | { $eq | $ne | $null | $in } }`. */
function applyScopeFilter(qb: Knex.QueryBuilder, model: Model, filter: Filters, client: DatabaseClient): void {
  for (const [name, condition] of Object.entries(filter)) {
    const field = model.fields.get(name);
    if (field?.kind !== 'scalar') throw new ValidationError(`Invalid unique scope ${name}`);
    const ops = condition !== null && typeof condition === 'object' && !Array.isArray(condition) && !(condition instanceof Date) ? (condition as Record<string, unknown>) : { $eq: condition };
    for (const [op, operand] of Object.entries(ops)) {
      if (op === '$eq') whereEquals(qb, field, operand, client);
      else if (op === '$ne') qb.whereNot(field.column, toDatabaseValue(field, operand, client) as Knex.Value);
      else if (op === '$null') operand === true || operand === 'true' ? qb.whereNull(field.column) : qb.whereNotNull(field.column);
      else if (op === '$in' && Array.isArray(operand))
        qb.whereIn(
          field.column,
          operand.map((v) => toDatabaseValue(field, v, client) as Knex.Value),
        );
      else throw new ValidationError(`Invalid unique scope operator ${op}`);
    }
  }
}
