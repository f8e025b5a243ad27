/**
 * Reading and writing rows of the admin tables the same way on SQLite, MariaDB and PostgreSQL:
 * inserted ids, booleans (0/1 or true/false) and JSON columns (text, or parsed by the driver).
 */
import type { DatabaseClient } from '@platform/core';
import type { Knex } from 'knex';

export async function insertRow(db: Knex | Knex.Transaction, client: DatabaseClient, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = (client === 'postgres' ? await db(table).insert(row).returning('id') : await db(table).insert(row)) as Array<number | { id: number | string }>;
  return Number(typeof inserted === 'object' ? inserted.id : inserted);
}

export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

export function jsonColumn(value: unknown): string {
  return JSON.stringify(value);
}

export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value).replace(' ', 'T') + (/[zZ+]|[+-]\d\d:?\d\d$/.test(String(value)) ? '' : 'Z'));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
