/**
 * Turns a database row into a JSON-ready entry, whatever the driver returned: SQLite gives
 * epoch milliseconds and 0/1, MariaDB strings for decimals and JSON, PostgreSQL strings for
 * numerics and dates. Keys: `id`, then the selected attributes in schema order.
 */
import type { ScalarType } from '@platform/core';
import type { Entity } from '../../types';
import type { FormatRow } from './contracts';

export const formatRow: FormatRow = (model, row, fields) => {
  void model;
  const entity: Entity = { id: Number(row.id) };
  for (const field of fields) entity[field.name] = formatValue(field.type, row[field.column]);
  return entity;
};

export function formatValue(type: ScalarType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'datetime':
    case 'timestamp':
      return formatDateTime(value);
    case 'date':
      return formatDate(value);
    case 'time':
      return formatTime(value);
    case 'boolean':
      return formatBoolean(value);
    case 'json':
      return formatJson(value);
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

/**
 * The last epoch value formatted, and its text: a row's `createdAt` and `updatedAt` are often
 * the same instant, and rows written together share it, so this saves many `toISOString`s.
 */
let lastMillis = NaN;
let lastIso = '';

function isoOfMillis(value: number): unknown {
  if (value === lastMillis) return lastIso;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  lastMillis = value;
  lastIso = date.toISOString();
  return lastIso;
}

/** `'YYYY-MM-DD HH:MM:SS[.fff]'` as written by another tool into a DATETIME column: UTC. */
const SQL_DATETIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

function formatDateTime(value: unknown): unknown {
  // SQLite's epoch milliseconds first: the common case on the hot path
  if (typeof value === 'number') return isoOfMillis(value);
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number' || typeof value === 'bigint') date = new Date(Number(value));
  else if (typeof value === 'string') {
    if (/^-?\d+$/.test(value)) date = new Date(Number(value));
    else {
      const sql = SQL_DATETIME.exec(value);
      date = new Date(sql ? `${sql[1]}T${sql[2]}Z` : value);
    }
  } else return value;
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function formatDate(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
  return value;
}

/** Times are `HH:mm:ss.SSS` (Strapi v4's format), whatever precision the column keeps. */
function formatTime(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/.exec(value);
  if (!match) return value;
  const millis = (match[4] ?? '').padEnd(3, '0').slice(0, 3);
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${millis}`;
}

function formatBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value) !== 0;
  if (typeof value === 'string') return ['1', 'true', 't'].includes(value.toLowerCase());
  return Boolean(value);
}

function formatJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

