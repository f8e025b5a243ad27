/**
 * `sort`: every form of Strapi v4 (`'a'`, `'a:desc'`, `'a,b:desc'`, arrays, `{ a: 'desc' }`,
 * `[{ a: 'asc' }]`, `'category.name'`, `{ category: { name: 'desc' } }`). A field reached
 * through a relation or component is sorted by a correlated MIN (asc) or MAX (desc) of the
 * target column, so a to-many relation never duplicates rows. `id asc` always ends the order,
 * and NULLs sort first ascending on every database (as SQLite and MariaDB do).
 */
import type { Knex } from 'knex';
import { CONTENT_TEXT_TYPES, indexObjectValues, isIndexObject, ValidationError, type ScalarType, type Model } from '@platform/core';
import type { Engine } from '../../engine';
import type { ApplySort, QueryOptions } from './contracts';
import { invalidParameter } from './errors';
import { AliasCounter, joinHop, linkHop } from './joins';
import { isHidden } from './visibility';
import { relatedScope } from './scope';
import { whereVisibleRows } from './hidden-rows';
import { applyFilters } from './filters';

export interface SortItem {
  /** attribute names from the model sorted, one per hop: `author.name` -> ['author', 'name'] */
  path: [string, ...string[]];
  order: 'asc' | 'desc';
}

/** One ORDER BY term: raw SQL with its bindings (`??` for identifiers). */
export interface SortTerm {
  sql: string;
  bindings: unknown[];
}

export const applySort: ApplySort = (engine, qb, model, alias, sort, path, options = {}) => {
  for (const term of sortTerms(engine, model, alias, sort, path, options)) qb.orderByRaw(term.sql, term.bindings as Knex.RawBinding[]);
};

/** The ORDER BY terms of `sort` (ending with `id asc`), for a query's order or a window's. */
export function sortTerms(engine: Engine, model: Model, alias: string, sort: unknown, path: string, options: QueryOptions = {}): SortTerm[] {
  void path;
  const items = parseSort(sort);
  const aliases = new AliasCounter(`${alias}_s`);
  const terms: SortTerm[] = [];
  for (const item of items) terms.push(sortItem(engine, model, alias, item, aliases, options));
  terms.push(orderTerm(engine, '??', 'asc', [`${alias}.id`]));
  return terms;
}

export function parseSort(sort: unknown): SortItem[] {
  if (sort === undefined || sort === null || sort === '') return [];
  const items: SortItem[] = [];
  collect(sort, [], items);
  return items;
}

function collect(value: unknown, prefix: string[], out: SortItem[]): void {
  if (typeof value === 'string') {
    const [head, ...tail] = prefix;
    if (head !== undefined) return void out.push({ path: [head, ...tail], order: order(value) });
    for (const part of value.split(',')) {
      const text = part.trim();
      if (!text) continue;
      const [field, dir, ...rest] = text.split(':');
      if (rest.length > 0 || !field) throw invalidParameter(text);
      // split gives at least one part
      out.push({ path: field.split('.') as SortItem['path'], order: dir === undefined ? 'asc' : order(dir) });
    }
    return;
  }
  if (Array.isArray(value)) {
    if (prefix.length > 0) throw invalidParameter(prefix.join('.'));
    for (const item of value) collect(item, [], out);
    return;
  }
  if (value && typeof value === 'object') {
    if (prefix.length === 0 && isIndexObject(value)) {
      // qs gives `{ '0': ..., '1': ... }` past its array limit: still a list, in index order.
      for (const item of indexObjectValues(value)) collect(item, [], out);
      return;
    }
    for (const [key, inner] of Object.entries(value)) collect(inner, [...prefix, key], out);
    return;
  }
  throw invalidParameter(prefix.length > 0 ? prefix.join('.') : String(value));
}

function order(value: string): 'asc' | 'desc' {
  const lower = value.trim().toLowerCase();
  if (lower === 'asc' || lower === 'desc') return lower;
  throw new ValidationError('Invalid order. order can only be one of asc|desc|ASC|DESC');
}

function sortItem(engine: Engine, model: Model, alias: string, item: SortItem, aliases: AliasCounter, options: QueryOptions): SortTerm {
  const [first, ...rest] = item.path;
  const last = rest.pop();
  const client = engine.ctx.db.client;
  if (last === undefined) {
    const column = columnOf(model, first, options);
    return orderTerm(engine, binaryOrder(client, column.type), item.order, [`${alias}.${column.name}`]);
  }
  // Through links: a correlated subquery from the first hop, joined hop by hop to the last model.
  const firstField = linkField(model, first, options);
  const hop = linkHop(engine, model, firstField, aliases);
  let current = { model: hop.target, alias: hop.targetAlias };
  scopeHop(engine, hop.qb, current.model, current.alias, options);
  for (const name of rest) {
    const field = linkField(current.model, name, options);
    const next = joinHop(engine, hop.qb, current.model, current.alias, field, aliases);
    current = { model: next.target, alias: next.targetAlias };
    scopeHop(engine, hop.qb, current.model, current.alias, options);
  }
  const column = columnOf(current.model, last, options);
  const aggregate = item.order === 'asc' ? 'MIN' : 'MAX';
  hop.qb.select(engine.ctx.db.knex.raw(`${aggregate}(${binaryOrder(client, column.type)})`, [`${current.alias}.${column.name}`])).whereRaw('?? = ??', [hop.ownerRef, `${alias}.id`]);
  const { sql, bindings } = hop.qb.toSQL();
  return orderTerm(engine, `(${sql})`, item.order, bindings as unknown[]);
}

/**
 * The SQL (one `??` for the column) that orders a column: text in binary order everywhere, so
 * `'A' < 'B' < 'a' < 'b' < 'é'` on all three databases (SQLite's default BINARY collation does it;
 * PostgreSQL and MariaDB would otherwise follow their locale or case-insensitive collations).
 */
function binaryOrder(client: string, type: ScalarType | 'id'): string {
  if (type === 'id' || !CONTENT_TEXT_TYPES.has(type)) return '??';
  if (client === 'postgres') return '?? COLLATE "C"';
  if (client === 'mysql') return 'BINARY ??';
  return '??';
}

/** A related content-type is scoped as a populated level (a draft in `live` never counts). */
function scopeHop(engine: Engine, qb: Knex.QueryBuilder, target: Model, alias: string, options: QueryOptions): void {
  whereVisibleRows(qb, target, alias);
  for (const filters of relatedScope(engine, target, options.params)) {
    applyFilters(engine, qb, target, alias, filters, 'sort', { includePrivate: true, params: options.params });
  }
}

function columnOf(model: Model, name: string, options: QueryOptions): { name: string; type: ScalarType | 'id' } {
  if (name === 'id') return { name: 'id', type: 'id' };
  const field = model.fields.get(name);
  if (field?.kind !== 'scalar' || isHidden(field, options)) throw invalidParameter(name);
  return { name: field.column, type: field.type };
}

function linkField(model: Model, name: string, options: QueryOptions) {
  const field = model.fields.get(name);
  if (!field || isHidden(field, options)) throw invalidParameter(name);
  if (field.kind === 'component' || field.kind === 'extension') return field;
  if (field.kind === 'relation' && !field.relation.startsWith('morph')) return field;
  throw invalidParameter(name);
}

/** `expression` is raw SQL with its bindings (`??` for identifiers). */
function orderTerm(engine: Engine, expression: string, dir: 'asc' | 'desc', bindings: unknown[]): SortTerm {
  const nulls = engine.ctx.db.client === 'postgres' ? (dir === 'asc' ? ' NULLS FIRST' : ' NULLS LAST') : '';
  return { sql: `${expression} ${dir}${nulls}`, bindings };
}
