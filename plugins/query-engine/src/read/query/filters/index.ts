/**
 * `filters`: Strapi v4's filter language turned into SQL conditions on one query builder.
 * Keys are whitelisted against the model at every depth: unknown keys and operators, dynamic
 * zones, private attributes and passwords are a 400 `Invalid parameter <key>`. Conditions on
 * relations, components and attributes of plugin-provided types become `id IN (subquery)`
 * (`EXISTS (correlated subquery)` on MySQL and MariaDB), so rows never duplicate. An internal
 * caller's condition in SQL (a SqlCondition under the SQL_CONDITION key) is added as it is.
 */
import type { Knex } from 'knex';
import { containsNul, isPlainObject, ValidationError, type Field, type Model } from '@platform/core';
import type { Engine } from '../../../engine';
import type { ApplyFilters } from '../contracts';
import { invalidParameter } from '../errors';
import { AliasCounter, linkHop, type LinkField } from '../joins';
import { isHidden } from '../visibility';
import { relatedScope } from '../scope';
import { whereVisibleRows } from '../hidden-rows';
import type { QueryOptions } from '../contracts';
import { ATTRIBUTE_OPERATORS, applyOperator, nullFlag, toList, type FilterColumn } from './operators';
import { SQL_CONDITION, type SqlCondition } from '../../../types';

/** `createdBy`/`updatedBy` in a plugin's scope condition: the administrator ids of Strapi's creator columns. */
const CREATOR_COLUMNS: ReadonlyMap<string, string> = new Map([
  ['createdBy', 'created_by_id'],
  ['updatedBy', 'updated_by_id'],
]);

interface Walk {
  engine: Engine;
  aliases: AliasCounter;
  options: QueryOptions;
  /** the values bound so far, shared by the whole filter */
  values: { count: number };
}

/**
 * The most values one filter binds (each operand, each item of a list). A statement has room
 * for about 32,000 (SQLite) or 65,535 (PostgreSQL, MariaDB) bound values; GraphQL variables
 * and other JSON carry lists the query string cannot, and `id: { in: [100,000 ids] }` would
 * fail in the database. Past it, a 400 before any SQL is built.
 */
export const MAX_FILTER_VALUES = 10_000;

export const applyFilters: ApplyFilters = (engine, qb, model, alias, filters, path, options = {}) => {
  void path;
  if (filters === undefined || filters === null) return;
  if (!isPlainObject(filters)) throw invalidParameter('filters');
  applyGroup({ engine, aliases: new AliasCounter(alias), options, values: { count: 0 } }, qb, model, alias, filters);
};

/**
 * Counts the values an operator binds (a 400 past MAX_FILTER_VALUES), and refuses a text
 * holding the NUL character, as writes refuse it (PostgreSQL fails on one, the others would
 * compare it): the same 400 on every database.
 */
function bind(walk: Walk, operator: string, operand: unknown): void {
  if (containsNul(operand)) throw new ValidationError(`Invalid parameter ${operator}: filter values must not contain the NUL character`);
  const count = toList(operand)?.length ?? 1;
  walk.values.count += count;
  if (walk.values.count <= MAX_FILTER_VALUES) return;
  if (count > MAX_FILTER_VALUES) throw new ValidationError(`Too many values for ${operator} in filters: ${count} (at most ${MAX_FILTER_VALUES} in one filter)`);
  throw new ValidationError(`Too many values in filters: more than ${MAX_FILTER_VALUES} in one filter`);
}

/** An internal caller's condition in SQL (SQL_CONDITION), if the filter object holds one. */
function sqlCondition(group: Record<string, unknown>): SqlCondition | undefined {
  const condition: unknown = (group as Record<PropertyKey, unknown>)[SQL_CONDITION];
  if (condition === undefined) return undefined;
  if (typeof condition !== 'function') throw new TypeError('filters: the SQL_CONDITION of a filter must be a function (qb, alias) => void');
  return condition as SqlCondition;
}

/** A filter object at the root, inside `$and`/`$or`/`$not`, or on a related model. */
function applyGroup(walk: Walk, qb: Knex.QueryBuilder, model: Model, alias: string, group: Record<string, unknown>): void {
  const condition = sqlCondition(group);
  if (condition) qb.where((sub) => condition(sub, alias));
  for (const [key, value] of Object.entries(group)) {
    if (value === undefined) continue;
    if (key === '$and' || key === '$or') {
      const items = key === '$or' ? shareLinkedBranches(model, groupList(key, value)) : groupList(key, value);
      if (items.length === 0) continue;
      qb.where((sub) => combine(sub, items, key === '$or', (inner, item) => applyGroup(walk, inner, model, alias, item)));
    } else if (key === '$not') {
      if (!isPlainObject(value)) throw invalidParameter(key);
      if (Object.keys(value).length === 0 && !sqlCondition(value)) continue;
      qb.whereNot((sub) => applyGroup(walk, sub, model, alias, value));
    } else if (key === 'id') {
      applyScalar(walk, qb, { ref: `${alias}.id`, type: 'id' }, value);
    } else if (CREATOR_COLUMNS.has(key) && walk.options.includePrivate && model.hasCreatorColumns) {
      // Creator columns are no attributes: only a plugin's own conditions (a scope tap, always
      // read with private access) may name them; a client's filter never can (CVE-2023-22894).
      applyScalar(walk, qb, { ref: `${alias}.${CREATOR_COLUMNS.get(key)}`, type: 'id' }, value);
    } else {
      // Attribute operators (`$eq`, ...) at this level, unknown keys and `__proto__` land here.
      const field = model.fields.get(key);
      if (!field || isHidden(field, walk.options)) throw invalidParameter(key);
      applyField(walk, qb, model, alias, field, value);
    }
  }
}

function applyField(walk: Walk, qb: Knex.QueryBuilder, model: Model, alias: string, field: Field, value: unknown): void {
  switch (field.kind) {
    case 'scalar':
      applyScalar(walk, qb, { ref: `${alias}.${field.column}`, type: field.type }, value);
      return;
    case 'relation':
      if (field.relation.startsWith('morph')) throw invalidParameter(field.name);
      applyLinked(walk, qb, model, alias, field, value);
      return;
    case 'component':
    case 'extension':
      applyLinked(walk, qb, model, alias, field, value);
      return;
    default:
      throw invalidParameter(field.name);
  }
}

/** A value under a scalar: a bare value (`$eq`), a list (`$in`) or an operator object. */
function applyScalar(walk: Walk, qb: Knex.QueryBuilder, column: FilterColumn, value: unknown): void {
  const client = walk.engine.ctx.db.client;
  const list = toList(value);
  if (list) {
    bind(walk, '$in', list);
    applyOperator(client, qb, column, '$in', list);
    return;
  }
  if (!isPlainObject(value)) {
    bind(walk, '$eq', value);
    applyOperator(client, qb, column, '$eq', value);
    return;
  }
  for (const [op, operand] of Object.entries(value)) {
    if (operand === undefined) continue;
    if (op === '$not') {
      qb.whereNot((sub) => applyScalar(walk, sub, column, operand));
    } else if (op === '$and' || op === '$or') {
      const items = toList(operand);
      if (!items) throw invalidParameter(op);
      if (items.length === 0) continue;
      qb.where((sub) => combine(sub, items, op === '$or', (inner, item) => applyScalar(walk, inner, column, item)));
    } else if (ATTRIBUTE_OPERATORS.has(op)) {
      bind(walk, op, operand);
      applyOperator(client, qb, column, op, operand);
    } else {
      throw invalidParameter(op);
    }
  }
}

/**
 * A condition on a relation, a component or a plugin-provided attribute: the related rows that satisfy it, as
 * `alias.id IN (SELECT owner FROM link JOIN target WHERE ...)`. Operators given directly on
 * the key apply to the related id (`filters[category]=3`, `filters[category][$in]=...`);
 * `$null`/`$notNull` there ask whether any related row exists.
 */
function applyLinked(walk: Walk, qb: Knex.QueryBuilder, model: Model, alias: string, field: LinkField, value: unknown): void {
  const target: Record<string, unknown> = {};
  const idOps: Record<string, unknown> = {};
  let exists: boolean | null = null;
  if (isPlainObject(value) && !toList(value)) {
    for (const [key, operand] of Object.entries(value)) {
      if (operand === undefined) continue;
      if (key === '$null' || key === '$notNull') {
        const want = nullFlag(operand);
        exists = key === '$null' ? !want : want;
      } else if (ATTRIBUTE_OPERATORS.has(key)) idOps[key] = operand;
      else target[key] = operand;
    }
  } else if (value === null) {
    exists = false;
  } else {
    idOps.$eq = value;
  }
  const hasTarget = Object.keys(target).length > 0 || Object.keys(idOps).length > 0;
  if (exists !== null) whereOwned(walk, qb, alias, related(walk, model, field, alias), exists);
  if (!hasTarget) return;
  const sub = related(walk, model, field, alias);
  const { hop } = sub;
  if (Object.keys(idOps).length > 0) applyScalar(walk, sub.qb, { ref: `${hop.targetAlias}.id`, type: 'id' }, idOps);
  applyGroup(walk, sub.qb, hop.target, hop.targetAlias, target);
  whereOwned(walk, qb, alias, sub, true);
}

/**
 * MySQL and MariaDB test each row against a correlated `EXISTS`: MariaDB 10.11 materializes
 * an `id IN (subquery)` into a temporary table and sorts it on every statement, which cost a
 * filter through a category and a tag 9–11 ms of the server's time where `EXISTS` costs
 * 1.6–1.9 ms (2,000 articles). SQLite and PostgreSQL plan the `IN` form well.
 */
const correlates = (walk: Walk) => walk.engine.ctx.db.client === 'mysql';

/** The rows of `alias` that own a row of `sub` (or, with `present` false, that own none). */
function whereOwned(walk: Walk, qb: Knex.QueryBuilder, alias: string, sub: { qb: Knex.QueryBuilder }, present: boolean): void {
  if (correlates(walk)) {
    if (present) qb.whereExists(sub.qb);
    else qb.whereNotExists(sub.qb);
  } else if (present) qb.whereIn(`${alias}.id`, sub.qb);
  else qb.whereNotIn(`${alias}.id`, sub.qb);
}

/** `SELECT owner FROM link JOIN target` (for the owner `alias.id` where it correlates), with the target scoped as a populated level. */
function related(walk: Walk, model: Model, field: LinkField, alias: string) {
  const hop = linkHop(walk.engine, model, field, walk.aliases);
  const qb = hop.qb.select(hop.ownerRef);
  // The owner column must not be NULL (a NULL in `id IN (...)` turns a NOT around it into
  // NULL), but on SQLite, which has no statistics, that condition would steer the planner to
  // a range scan of the whole link table by owner instead of the index on the target side;
  // the unary `+` keeps it out of index selection there. A correlated owner is never NULL.
  if (correlates(walk)) qb.whereRaw('?? = ??', [hop.ownerRef, `${alias}.id`]);
  else if (walk.engine.ctx.db.client === 'sqlite') qb.whereRaw('+?? is not null', [hop.ownerRef]);
  else qb.whereNotNull(hop.ownerRef);
  // Plugin conditions may name any attribute, private ones included.
  const internal: Walk = { ...walk, options: { ...walk.options, includePrivate: true } };
  whereVisibleRows(qb, hop.target, hop.targetAlias);
  for (const filters of relatedScope(walk.engine, hop.target, walk.options.params)) applyGroup(internal, qb, hop.target, hop.targetAlias, filters);
  return { qb, hop };
}

/** Up to this many terms of an `$and`/`$or` are joined flat; more are split in halves. */
const FLAT_TERMS = 8;

/**
 * The items of an `$and`/`$or`, AND-ed or OR-ed into `qb`. A long list is nested as a balanced
 * tree of parenthesized halves: SQLite refuses an expression deeper than 1000 and counts a
 * flat chain of n terms about n times over for each subquery around it, so 200 branches
 * inside 4 relation subqueries already failed; halves keep the depth near 2·log2(n).
 */
function combine<T>(qb: Knex.QueryBuilder, items: readonly T[], or: boolean, apply: (qb: Knex.QueryBuilder, item: T) => void): void {
  const add = (callback: (inner: Knex.QueryBuilder) => void) => (or ? qb.orWhere(callback) : qb.where(callback));
  if (items.length <= FLAT_TERMS) {
    for (const item of items) add((inner) => apply(inner, item));
    return;
  }
  const half = Math.ceil(items.length / 2);
  add((inner) => combine(inner, items.slice(0, half), or, apply));
  add((inner) => combine(inner, items.slice(half), or, apply));
}

/**
 * `$or` branches that each ask one thing of the same relation (component, plugin attribute)
 * become one condition on it with the branches' conditions OR-ed inside: "a related row
 * matches A, or a related row matches B" is "a related row matches A or B". Applied again one
 * level down, 200 branches through the same 4 relations read each link table once instead of
 * 200 times (a statement SQLite refuses as too large, and 800 subqueries elsewhere).
 */
function shareLinkedBranches(model: Model, items: Record<string, unknown>[]): Record<string, unknown>[] {
  if (items.length < 2) return items;
  // in order: a branch kept as it is, or the key of a shared condition (at its first branch's place)
  const order: Array<Record<string, unknown> | string> = [];
  const shared = new Map<string, unknown[]>();
  for (const item of items) {
    const key = linkedOnly(model, item);
    if (key === null) {
      order.push(item);
      continue;
    }
    const conditions = shared.get(key);
    if (conditions) conditions.push(item[key]);
    else {
      shared.set(key, [item[key]]);
      order.push(key);
    }
  }
  return order.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const conditions = shared.get(entry) as unknown[];
    // a relation asked by one branch only stays as it was
    return { [entry]: conditions.length === 1 ? conditions[0] : { $or: conditions } };
  });
}

/**
 * The attribute a branch asks about when it is `{ <link attribute>: { <target conditions> } }`
 * and nothing else; null otherwise. Operators on the related id (`$eq`, `$null`, ...) stay out:
 * only conditions on the related rows themselves move inside the shared one.
 */
function linkedOnly(model: Model, item: Record<string, unknown>): string | null {
  if (sqlCondition(item)) return null;
  const [key, ...more] = Object.keys(item);
  if (key === undefined || more.length > 0) return null;
  const field = model.fields.get(key);
  if (!field || (field.kind !== 'relation' && field.kind !== 'component' && field.kind !== 'extension')) return null;
  if (field.kind === 'relation' && field.relation.startsWith('morph')) return null;
  const value = item[key];
  if (!isPlainObject(value) || toList(value)) return null;
  const targetKeys = Object.keys(value);
  if (targetKeys.length === 0 || targetKeys.some((name) => ATTRIBUTE_OPERATORS.has(name))) return null;
  return key;
}

function groupList(key: string, value: unknown): Record<string, unknown>[] {
  const items = toList(value);
  if (!items) throw invalidParameter(key);
  return items.map((item) => {
    if (!isPlainObject(item)) throw invalidParameter(key);
    return item;
  });
}
