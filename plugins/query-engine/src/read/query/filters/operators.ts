/**
 * SQL for one attribute-level operator on one column, with the same meaning on SQLite,
 * MariaDB and PostgreSQL: `$eq`/`$contains`/`$startsWith`/`$endsWith` are case-sensitive
 * (MariaDB's default collation is not: compare as BINARY there; SQLite's LIKE is not: use
 * instr/substr there), the `i` variants compare LOWER(..) of both sides, and LIKE wildcards
 * in values are escaped so the value matches literally. Only the column reference (from the
 * model) is an identifier; every value is a bound parameter.
 */
import type { Knex } from 'knex';
import { indexObjectValues, isIndexObject, parseBoolean, TEXT_SCALAR_TYPES, type DatabaseClient } from '@platform/core';
import { INT4_RANGE } from '../../../ids';
import { invalidParameter } from '../errors';
import { castBoolean, castValue, type BoundValue, type FilterType } from './cast';

export interface FilterColumn {
  /** `alias.column`, from the model only */
  ref: string;
  type: FilterType;
}

export const ATTRIBUTE_OPERATORS = new Set([
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$null',
  '$notNull',
  '$between',
]);

const ARRAY_OPERATORS = new Set(['$in', '$notIn', '$between']);
const TEXT_MATCH = new Set(['$eqi', '$nei', '$contains', '$notContains', '$containsi', '$notContainsi', '$startsWith', '$startsWithi', '$endsWith', '$endsWithi']);
/**
 * Text matching needs a column whose text is the same on every database: not datetimes (epoch
 * milliseconds on SQLite), times, booleans or floats (each database prints them its own way).
 */
const TEXT_MATCHABLE = new Set<FilterType>([...TEXT_SCALAR_TYPES, 'json', 'date', 'integer', 'biginteger', 'id']);
/** JSON is stored as text, normalized differently per database: only searched, never compared. */
const JSON_OPERATORS = new Set(['$null', '$notNull', '$contains', '$notContains', '$containsi', '$notContainsi']);
/** Columns that hold text: compared byte-wise, matched without a cast. */
const TEXT_TYPES = new Set<FilterType>([...TEXT_SCALAR_TYPES, 'json']);
/** Column types stored as 4-byte integers on PostgreSQL. */
const INT4_TYPES = new Set<FilterType>(['integer', 'id']);
const COMPARISONS = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' } as const;
const NEGATIONS: Record<string, string> = { $notContains: '$contains', $notContainsi: '$containsi', $nei: '$eqi' };

export function applyOperator(client: DatabaseClient, qb: Knex.QueryBuilder, column: FilterColumn, operator: string, value: unknown): void {
  if (!ATTRIBUTE_OPERATORS.has(operator)) throw invalidParameter(operator);
  if (TEXT_MATCH.has(operator) && !TEXT_MATCHABLE.has(column.type)) throw invalidParameter(operator);
  const nullCheck = (operator === '$eq' || operator === '$ne') && value === null;
  if (column.type === 'json' && !JSON_OPERATORS.has(operator) && !nullCheck) throw invalidParameter(operator);
  const list = toList(value);
  if (list && !ARRAY_OPERATORS.has(operator) && operator !== '$null' && operator !== '$notNull') {
    // Strapi v4: an array given to a one-value operator means "any of them".
    qb.where((sub) => {
      for (const item of list) sub.orWhere((inner) => applyOperator(client, inner, column, operator, item));
    });
    return;
  }
  const negated = NEGATIONS[operator];
  if (negated) {
    qb.whereNot((sub) => applyOperator(client, sub, column, negated, value));
    return;
  }
  const sql = new ColumnSql(client, column);
  switch (operator) {
    case '$eq':
    case '$ne': {
      const cast = castValue(column.type, value, operator);
      if (cast === null) return void (operator === '$eq' ? qb.whereNull(column.ref) : qb.whereNotNull(column.ref));
      const [text, bindings] = sql.compare('=', cast);
      return void (operator === '$eq' ? qb.whereRaw(text, bindings) : qb.whereRaw(`NOT (${text})`, bindings));
    }
    case '$lt':
    case '$lte':
    case '$gt':
    case '$gte': {
      const cast = castValue(column.type, value, operator);
      if (cast === null) throw invalidParameter(operator);
      const [text, bindings] = sql.compare(COMPARISONS[operator], cast);
      return void qb.whereRaw(text, bindings);
    }
    case '$in':
    case '$notIn': {
      const values = (list ?? [value]).map((v) => castValue(column.type, v, operator));
      if (values.length === 0) return void qb.whereRaw(operator === '$in' ? '1 = 0' : '1 = 1');
      const [text, bindings] = sql.in(values);
      return void (operator === '$in' ? qb.whereRaw(text, bindings) : qb.whereRaw(`NOT (${text})`, bindings));
    }
    case '$between': {
      if (list?.length !== 2) throw invalidParameter('$between');
      const [low, high] = list.map((v) => castValue(column.type, v, '$between'));
      if (low === null || high === null || low === undefined || high === undefined) throw invalidParameter('$between');
      const [text, bindings] = sql.between(low, high);
      return void qb.whereRaw(text, bindings);
    }
    case '$null':
    case '$notNull': {
      const isNull = nullFlag(value) === (operator === '$null');
      return void (isNull ? qb.whereNull(column.ref) : qb.whereNotNull(column.ref));
    }
    case '$eqi':
      return void qb.whereRaw(`LOWER(${sql.text()}) = ${sql.binary()}LOWER(?)`, [column.ref, likeText(value, operator)]);
    case '$containsi':
    case '$startsWithi':
    case '$endsWithi':
      return void sql.caseInsensitiveLike(qb, pattern(operator, likeText(value, operator)));
    case '$contains':
    case '$startsWith':
    case '$endsWith':
      return void sql.caseSensitiveMatch(qb, operator, likeText(value, operator));
    default:
      throw invalidParameter(operator);
  }
}

/** `$null`/`$notNull` take Strapi's lenient booleans; a bare key (qs null) means false. */
export function nullFlag(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  // any other text than a false word asks for null
  if (typeof value === 'string') return parseBoolean(value) !== false;
  return castBoolean(value, '$null');
}

function likeText(value: unknown, operator: string): string {
  if (value === null || value === undefined || (typeof value === 'object' && !(value instanceof Date))) throw invalidParameter(operator);
  return value instanceof Date ? value.toISOString() : String(value);
}

/** `!` escapes itself and the LIKE wildcards, so user text never acts as a pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

function pattern(operator: string, text: string): string {
  const escaped = escapeLike(text);
  if (operator.startsWith('$startsWith')) return `${escaped}%`;
  if (operator.startsWith('$endsWith')) return `%${escaped}`;
  return `%${escaped}%`;
}

/** A list from an array or a qs index object (`{ '0': 'a', '1': 'b' }`); null otherwise. */
export function toList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  return isIndexObject(value) ? indexObjectValues(value) : null;
}

/** How one column is written in a condition on each database. */
class ColumnSql {
  private readonly textual: boolean;
  constructor(
    private readonly client: DatabaseClient,
    private readonly column: FilterColumn,
  ) {
    this.textual = TEXT_TYPES.has(column.type);
  }

  /** The column as text (`??` bound to the column reference). */
  text(): string {
    if (this.textual && !(this.client === 'postgres' && this.column.type === 'json')) return '??';
    return this.client === 'mysql' ? 'CAST(?? AS CHAR)' : 'CAST(?? AS TEXT)';
  }

  /**
   * `LOWER(column) LIKE LOWER(pattern)`. SQLite's LOWER is the connection's Unicode-aware
   * JavaScript function (see core's sqlite-connection.ts), a call into JavaScript per row; its
   * LIKE folds ASCII letters by itself. So a value whose characters are all ASCII (as many
   * characters as bytes: UTF-8 without NUL) is matched as it is against the pattern lowered
   * once in JavaScript, the same result without the call; any other value goes through LOWER.
   */
  caseInsensitiveLike(qb: Knex.QueryBuilder, likePattern: string): void {
    if (this.client !== 'sqlite') {
      qb.whereRaw(`LOWER(${this.text()}) LIKE ${this.binary()}LOWER(?) ESCAPE '!'`, [this.column.ref, likePattern]);
      return;
    }
    const text = this.text();
    const { ref } = this.column;
    qb.whereRaw(`(CASE WHEN length(${text}) = octet_length(${text}) THEN ${text} ELSE LOWER(${text}) END) LIKE ? ESCAPE '!'`, [ref, ref, ref, ref, likePattern.toLowerCase()]);
  }

  /**
   * MariaDB compares with the column's collation, which on a Strapi-made database ignores
   * accents and trailing spaces even after LOWER(): the lowered sides are compared byte-wise.
   */
  binary(): string {
    return this.client === 'mysql' ? 'BINARY ' : '';
  }

  /** The column for =, <, IN: byte-wise for text, so that case and accents count everywhere. */
  private lhs(): string {
    if (!this.textual) return '??';
    if (this.client === 'mysql') return `BINARY ${this.text()}`;
    if (this.client === 'postgres') return `${this.text()} COLLATE "C"`;
    return '??';
  }

  /**
   * The placeholder of a value. PostgreSQL types a parameter after the column it meets, so
   * `views > 2.5` or `id = 3000000000` on an integer column would fail to parse the value
   * (a 500): such values are bound as numeric, which compares exactly.
   */
  private placeholder(value: BoundValue): string {
    if (this.client !== 'postgres' || typeof value !== 'number' || !INT4_TYPES.has(this.column.type)) return '?';
    return Number.isInteger(value) && value >= INT4_RANGE.min && value <= INT4_RANGE.max ? '?' : 'CAST(? AS numeric)';
  }

  compare(op: string, value: BoundValue): [string, BoundValue[]] {
    return [`${this.lhs()} ${op} ${this.placeholder(value)}`, [this.column.ref, value]];
  }

  in(values: BoundValue[]): [string, BoundValue[]] {
    return [`${this.lhs()} IN (${values.map((v) => this.placeholder(v)).join(', ')})`, [this.column.ref, ...values]];
  }

  between(low: BoundValue, high: BoundValue): [string, BoundValue[]] {
    return [`${this.lhs()} BETWEEN ${this.placeholder(low)} AND ${this.placeholder(high)}`, [this.column.ref, low, high]];
  }

  caseSensitiveMatch(qb: Knex.QueryBuilder, operator: string, text: string): void {
    const ref = this.column.ref;
    if (this.client === 'sqlite') {
      // SQLite's LIKE ignores ASCII case; instr/substr compare exactly.
      if (operator === '$contains') qb.whereRaw('instr(??, ?) > 0', [ref, text]);
      else if (operator === '$startsWith') qb.whereRaw('instr(??, ?) = 1', [ref, text]);
      else if (text === '') qb.whereNotNull(ref);
      else qb.whereRaw('substr(??, -length(?)) = ?', [ref, text, text]);
      return;
    }
    const like = pattern(operator, text);
    if (this.client === 'mysql') qb.whereRaw(`${this.text()} LIKE BINARY ? ESCAPE '!'`, [ref, like]);
    else qb.whereRaw(`${this.text()} LIKE ? ESCAPE '!'`, [ref, like]);
  }
}
