/**
 * Stored column value → canonical JS value, the one conversion every reader uses (the read
 * path's formatting, `existing` for hooks, plugins copying values between rows), whatever the
 * driver returned: SQLite's epoch milliseconds, 0/1 and text, MariaDB's and PostgreSQL's
 * numeric strings, JSON text. Datetimes come back as Date, dates as `YYYY-MM-DD`, times as
 * `HH:mm:ss.SSS`, bigintegers as digit strings.
 */
import type { Knex } from 'knex';
import { parseBoolean, type DatabaseClient, type ScalarField, type ScalarType } from '@platform/core';

/** `'YYYY-MM-DD HH:MM:SS[.fff]'` as written by another tool into a SQLite DATETIME column: UTC. */
const SQL_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

/** A stored datetime as a Date: epoch milliseconds (number or digits), Date, or text (UTC unless it names a zone). */
export function storedDateTime(value: unknown): Date | null {
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number' || typeof value === 'bigint') date = new Date(Number(value));
  else if (typeof value === 'string') {
    if (/^-?\d+$/.test(value)) date = new Date(Number(value));
    else {
      const sql = SQL_DATETIME.exec(value);
      date = new Date(sql ? `${sql[1]}T${sql[2]}Z` : value);
    }
  } else return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

function storedDate(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
  return value;
}

/** Times are `HH:mm:ss.SSS` (Strapi v4's format), whatever precision the column keeps. */
function storedTime(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = TIME.exec(value);
  if (!match) return value;
  const millis = (match[4] ?? '').padEnd(3, '0').slice(0, 3);
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${millis}`;
}

function storedBoolean(value: unknown): boolean {
  const parsed = parseBoolean(value);
  if (parsed !== null) return parsed;
  // a driver's other integers (SQLite keeps what it was given) read as C does
  return typeof value === 'number' || typeof value === 'bigint' ? Number(value) !== 0 : false;
}

function storedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The canonical JS value of a stored value of `type`; an unreadable datetime is null. */
export function fromStoredValue(type: ScalarType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'datetime':
    case 'timestamp':
      return storedDateTime(value);
    case 'date':
      return storedDate(value);
    case 'time':
      return storedTime(value);
    case 'boolean':
      return storedBoolean(value);
    case 'json':
      return storedJson(value);
    case 'biginteger':
      return typeof value === 'string' ? value : String(value);
    case 'integer':
    case 'float':
    case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    default:
      return value;
  }
}

/** `fromStoredValue` for one attribute (exported from the package for plugins copying rows). */
export function fromDatabaseValue(field: Pick<ScalarField, 'type'>, value: unknown): unknown {
  return fromStoredValue(field.type, value);
}

/**
 * The SQL type a column is read as, or null to read it as stored: a biginteger is read as
 * text on SQLite, whose driver returns integers as JS numbers that lose digits above 2^53
 * (MariaDB and PostgreSQL already answer strings).
 */
export function readCast(client: DatabaseClient, type: ScalarType): 'TEXT' | null {
  return type === 'biginteger' && client === 'sqlite' ? 'TEXT' : null;
}

/** The select expression that reads a column in the form `fromDatabaseValue` expects from every client. */
export function storedColumn(knex: Knex | Knex.Transaction, client: DatabaseClient, field: ScalarField): string | Knex.Raw {
  const cast = readCast(client, field.type);
  return cast ? knex.raw(`CAST(?? AS ${cast}) as ??`, [field.column, field.column]) : field.column;
}
