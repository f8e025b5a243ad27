/**
 * Canonical JS values → what each database stores, in Strapi v4's representation (the way
 * back is stored-value.ts):
 * datetimes as Date objects (knex writes epoch milliseconds on SQLite, as Strapi v4 databases
 * hold them), JSON as its text on every client (a JSON string such as `"false"` is stored as
 * `"false"` with its quotes, so it reads back as a string), booleans as 0/1 on SQLite,
 * bigintegers as strings. Exported from the package so that plugins copying values between
 * rows (i18n's shared attributes) store them exactly as the write path does.
 */
import type { DatabaseClient, ScalarField } from '@platform/core';
import { storedDateTime } from '../stored-value';

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
      return storedDateTime(value);
    default:
      return value;
  }
}
