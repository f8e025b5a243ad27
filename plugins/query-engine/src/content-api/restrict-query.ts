/**
 * What a caller's unreadable attributes (the guards' `unreadable` rules) mean for a query: an attribute the caller may not read cannot be
 * selected, filtered or sorted on either, at any depth (through relations, components, inside
 * populate), or the answer would be an oracle on it. Such a use is the same 400 `Invalid
 * parameter <name>` as a private attribute's. `_q` searches only the text attributes the
 * caller may read. Populating a restricted attribute is harmless (the answer drops it).
 */
import { CONTENT_TEXT_TYPES, isPlainObject, ValidationError, type Model, type ModelRegistry } from '@platform/core';
import { isStorableId, parseId } from '../ids';
import { targetUid } from '../link-targets';
import type { Filters, FindParams } from '../types';

type Restricted = (model: Model) => ReadonlySet<string>;

interface Walk {
  models: ModelRegistry;
  restricted: Restricted;
}

const LOGICAL = new Set(['$and', '$or', '$not']);

function refuse(name: string): never {
  throw new ValidationError(`Invalid parameter ${name}`, {});
}

/** The model a key of `model` leads to (relation, component, or a plugin attribute that holds entries), if any. */
function next(walk: Walk, model: Model, key: string): Model | undefined {
  const field = model.fields.get(key);
  const uid = field ? targetUid(field) : undefined;
  return uid === undefined ? undefined : walk.models.find(uid);
}

function checkName(walk: Walk, model: Model, name: string): void {
  if (walk.restricted(model).has(name)) refuse(name);
}

/** Values of an array or of an object (qs turns long arrays into index objects). */
function itemsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return isPlainObject(value) ? Object.values(value) : [];
}

function checkFilters(walk: Walk, model: Model, filters: unknown): void {
  if (!isPlainObject(filters)) return;
  for (const [key, value] of Object.entries(filters)) {
    if (LOGICAL.has(key)) {
      if (key === '$not') checkFilters(walk, model, value);
      else for (const item of itemsOf(value)) checkFilters(walk, model, item);
      continue;
    }
    if (key.startsWith('$')) continue;
    checkName(walk, model, key);
    const target = next(walk, model, key);
    if (target) checkFilters(walk, target, value);
  }
}

function checkSortPath(walk: Walk, model: Model, path: string): void {
  let current: Model | undefined = model;
  const [attributes = ''] = path.split(':'); // `a.b:desc` -> `a.b`
  for (const segment of attributes.split('.')) {
    if (!current) return;
    const name = segment.trim();
    checkName(walk, current, name);
    current = next(walk, current, name);
  }
}

function checkSort(walk: Walk, model: Model, sort: unknown): void {
  if (typeof sort === 'string') {
    for (const part of sort.split(',')) checkSortPath(walk, model, part);
  } else if (Array.isArray(sort)) {
    for (const item of sort) checkSort(walk, model, item);
  } else if (isPlainObject(sort)) {
    for (const [key, value] of Object.entries(sort)) {
      checkName(walk, model, key);
      const target = next(walk, model, key);
      if (target && isPlainObject(value)) checkSort(walk, target, value);
    }
  }
}

function checkFields(walk: Walk, model: Model, fields: unknown): void {
  const names = typeof fields === 'string' ? [fields] : itemsOf(fields);
  for (const name of names) if (typeof name === 'string') checkName(walk, model, name);
}

function checkPopulate(walk: Walk, model: Model, populate: unknown): void {
  if (!isPlainObject(populate)) return;
  for (const [key, value] of Object.entries(populate)) {
    // A restricted attribute is left out of the answer, with whatever was read through it.
    if (!isPlainObject(value) || walk.restricted(model).has(key)) continue;
    const field = model.fields.get(key);
    if (field?.kind === 'dynamiczone') {
      if (!isPlainObject(value.on)) continue;
      for (const [uid, fragment] of Object.entries(value.on)) {
        const component = walk.models.find(uid);
        if (component) checkLevel(walk, component, fragment);
      }
      continue;
    }
    const target = next(walk, model, key);
    if (target) checkLevel(walk, target, value);
  }
}

function checkLevel(walk: Walk, model: Model, level: unknown): void {
  if (!isPlainObject(level)) return;
  if (level.fields !== undefined) checkFields(walk, model, level.fields);
  checkFilters(walk, model, level.filters);
  if (level.sort !== undefined) checkSort(walk, model, level.sort);
  checkPopulate(walk, model, level.populate);
}

/**
 * `_q` over the readable text attributes only, as an explicit filter (the engine's own search
 * covers every public text attribute). Same conditions otherwise: `$containsi` OR-ed, and `id`.
 */
function readableSearch(model: Model, q: string, restricted: ReadonlySet<string>): Filters {
  const conditions: Filters[] = [];
  for (const field of model.scalarFields) {
    if (!CONTENT_TEXT_TYPES.has(field.type) || field.attribute.private || restricted.has(field.name)) continue;
    conditions.push({ [field.name]: { $containsi: q } });
  }
  const id = parseId(q);
  if (id !== null && isStorableId(id)) conditions.push({ id: { $eq: id } });
  return conditions.length ? { $or: conditions } : { id: { $null: true } };
}

/** Throws the 400 for a restricted attribute used in `query`; narrows `_q` to what may be read. */
export function restrictQuery(model: Model, query: FindParams, models: ModelRegistry, restricted: Restricted): void {
  const walk: Walk = { models, restricted };
  checkLevel(walk, model, query);
  const own = restricted(model);
  if (typeof query._q === 'string' && query._q !== '' && own.size > 0) {
    const search = readableSearch(model, query._q, own);
    query.filters = query.filters === undefined ? search : { $and: [query.filters, search] };
    delete query._q;
  }
}
