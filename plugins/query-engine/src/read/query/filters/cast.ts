/**
 * Filter values arrive as strings from `qs` (or typed from GraphQL and internal callers); each
 * is cast to the attribute's type before it is bound, so that `views[$gt]=10` compares
 * numbers and `createdAt[$lt]=2024-01-01` compares instants in the stored representation
 * (a Date binds as epoch milliseconds on SQLite, as a timestamp on MariaDB and PostgreSQL).
 * A value that cannot be cast is a 400 naming the attribute.
 */
import { parseBoolean, type ScalarType } from '@platform/core';
import { invalidParameter } from '../errors';

export type FilterType = ScalarType | 'id';

/** What a cast value binds as. */
export type BoundValue = string | number | boolean | Date | null;

export function castValue(type: FilterType, value: unknown, key: string): BoundValue {
  if (value === null) return null;
  if (typeof value === 'object' && !(value instanceof Date)) throw invalidParameter(key);
  switch (type) {
    case 'id':
    case 'integer':
    case 'float':
    case 'decimal':
      return castNumber(type, value, key);
    case 'biginteger': {
      const text = typeof value === 'bigint' || typeof value === 'number' ? String(value) : String(value).trim();
      if (!/^-?\d+$/.test(text)) throw invalidParameter(key);
      return text;
    }
    case 'boolean':
      return castBoolean(value, key);
    case 'datetime':
    case 'timestamp':
      return castDateTime(value, key);
    case 'date':
      return castDate(value, key);
    case 'time':
      return castTime(value, key);
    default:
      if (value instanceof Date) return value.toISOString();
      return String(value);
  }
}

function castNumber(type: FilterType, value: unknown, key: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw invalidParameter(key);
  // `views[$lt]=2.5` is a fair question about an integer; only ids must be whole.
  if (type === 'id' && !Number.isSafeInteger(n)) throw invalidParameter(key);
  return n;
}

export function castBoolean(value: unknown, key: string): boolean {
  const parsed = parseBoolean(value);
  if (parsed === null) throw invalidParameter(key);
  return parsed;
}

function castDateTime(value: unknown, key: string): Date {
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) date = new Date(Number(value));
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) date = new Date(value.trim());
  else throw invalidParameter(key);
  if (Number.isNaN(date.getTime())) throw invalidParameter(key);
  return date;
}

/** Dates are stored as `YYYY-MM-DD` text (SQLite) or DATE columns: compare as that text. */
function castDate(value: unknown, key: string): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value).trim();
  const day = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(text)?.[1];
  if (!day || Number.isNaN(new Date(`${day}T00:00:00Z`).getTime())) throw invalidParameter(key);
  return day;
}

/** Times are stored as `HH:mm:ss.SSS`; a shorter time is padded so text comparison holds. */
function castTime(value: unknown, key: string): string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/.exec(String(value).trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59 || Number(match[3] ?? 0) > 59) throw invalidParameter(key);
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').padEnd(3, '0')}`;
}
