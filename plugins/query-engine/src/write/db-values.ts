/**
 * From canonical JS values to what each database stores, in Strapi v4's representation:
 * datetimes as Date objects (knex writes epoch milliseconds on SQLite, as Strapi v4 databases
 * hold them), JSON as text (also on PostgreSQL, where the driver would turn arrays into
 * PostgreSQL arrays), bigintegers as strings.
 */
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
    default:
      return value;
  }
}
