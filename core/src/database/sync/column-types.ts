/**
 * Which column each attribute type gets, and which database types count as "the same" when an
 * existing column is compared with the schema. The kinds follow Strapi v4's choices, so a
 * database Strapi created compares equal.
 */
import type { ScalarType } from '../../schema/types';
import type { DatabaseClient } from '../connection';
import type { ColumnKind } from './types';

export function columnKind(type: ScalarType): ColumnKind {
  switch (type) {
    case 'string':
    case 'enumeration':
    case 'email':
    case 'password':
    case 'uid':
      return 'string';
    case 'text':
    case 'richtext':
      return 'text';
    case 'integer':
      return 'integer';
    case 'biginteger':
      return 'bigInteger';
    case 'float':
      return 'double';
    case 'decimal':
      return 'decimal';
    case 'boolean':
      return 'boolean';
    case 'json':
      return 'json';
    case 'date':
      return 'date';
    case 'time':
      return 'time';
    case 'datetime':
    case 'timestamp':
      return 'datetime';
  }
}

const SAME: Record<ColumnKind, readonly string[]> = {
  increments: ['integer', 'int', 'int4', 'serial', 'bigint', 'int8', 'bigserial'],
  string: ['varchar', 'character varying', 'char', 'character', 'nvarchar'],
  text: ['text', 'longtext', 'mediumtext', 'tinytext'],
  integer: ['integer', 'int', 'int4', 'mediumint', 'smallint', 'int2'],
  bigInteger: ['bigint', 'int8'],
  double: ['double', 'double precision', 'float', 'float8', 'real', 'float4'],
  decimal: ['decimal', 'numeric'],
  boolean: ['boolean', 'bool', 'tinyint'],
  json: ['json', 'jsonb'],
  date: ['date'],
  time: ['time', 'time without time zone', 'time with time zone'],
  datetime: ['datetime', 'timestamp', 'timestamp with time zone', 'timestamp without time zone', 'timestamptz'],
};

/**
 * Types a client reports for a kind besides the usual names: knex declares decimals as `float`
 * on SQLite, and MariaDB stores JSON as `longtext`.
 */
const CLIENT_EXTRAS: Partial<Record<DatabaseClient, Partial<Record<ColumnKind, readonly string[]>>>> = {
  sqlite: { decimal: ['float'] },
  mysql: { json: ['longtext'] },
};

/** Lower case, without length/precision and `unsigned`: `character varying(255)` → `character varying`. */
export function normalizeType(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/\bunsigned\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** true when an existing column of `actualType` can hold the attribute; an undeclared SQLite type is accepted. */
export function isSameKind(kind: ColumnKind, actualType: string, client: DatabaseClient): boolean {
  const actual = normalizeType(actualType);
  if (actual === '') return true;
  return SAME[kind].includes(actual) || (CLIENT_EXTRAS[client]?.[kind]?.includes(actual) ?? false);
}
