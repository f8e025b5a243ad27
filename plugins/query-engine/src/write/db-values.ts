/**
 * Between canonical JS values and what each database stores, in Strapi v4's representation:
 * datetimes as Date objects (knex writes epoch milliseconds on SQLite, as Strapi v4 databases
 * hold them), JSON as its text on every client (a JSON string such as `"false"` is stored as
 * `"false"` with its quotes, so it reads back as a string), booleans as 0/1 on SQLite,
 * bigintegers as strings. Exported from the package so that plugins copying values between
 * rows (i18n's shared attributes) store them exactly as the write path does.
 */
import type { Knex } from 'knex';
import type { DatabaseClient, ScalarField } from '@platform/core';

export function toDatabaseValue(field: ScalarField, value: unknown, client: DatabaseClient): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'json':
      return JSON.stringify(value);
    case 'boolean':
      // better-sqlite3 binds numbers only; knex converts too, but raw where-clauses do not
      return client === 'sqlite' ? (value ? 1 : 0) : Boolean(value);
    case 'biginteger':
      return String(value);
    case 'datetime':
    case 'timestamp':
      // an ISO string or epoch milliseconds (a value read back) is stored as the Date it names
      return value instanceof Date ? value : new Date(typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : (value as string | number));
    default:
      return value;
  }
}

/**
 * A stored column value in its canonical JS form, whatever the driver returned: SQLite's epoch
 * milliseconds and 0/1, MariaDB's and PostgreSQL's numeric strings, JSON text (every client
 * returns JSON columns as text). Datetimes come back as Date, dates as `YYYY-MM-DD`.
 * A biginteger must be read as text on SQLite (its driver's numbers lose digits above 2^53).
 */
export function fromDatabaseValue(field: ScalarField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'datetime':
    case 'timestamp': {
      const date = value instanceof Date ? value : new Date(typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : (value as string | number));
      return Number.isNaN(date.getTime()) ? null : date;
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
    case 'biginteger':
      return String(value);
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : value;
    default:
      return value;
  }
}

/**
 * The select expression that reads a column in the form `fromDatabaseValue` expects from every
 * client: bigintegers as text on SQLite (the driver's numbers lose digits above 2^53).
 */
export function storedColumn(knex: Knex | Knex.Transaction, client: DatabaseClient, field: ScalarField): string | Knex.Raw {
  if (field.type === 'biginteger' && client === 'sqlite') return knex.raw('CAST(?? AS TEXT) as ??', [field.column, field.column]);
  return field.column;
}
