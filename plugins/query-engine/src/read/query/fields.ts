/**
 * `fields`: which scalar attributes an entry carries. Accepts an array, `'*'` or a single
 * field name; `id` is always returned (and accepted, as frontends send `fields[0]=id`).
 * Relations, components, dynamic zones, plugin-provided attributes, private attributes and
 * unknown names are a 400 `Invalid parameter <name>`, and so is a comma string (as in Strapi v4).
 */
import { indexObjectValues, isIndexObject, type Model, type ScalarField } from '@platform/core';
import { invalidParameter } from './errors';
import { isHidden, type VisibilityOptions } from './visibility';
import type { ResolveFields } from './contracts';

export const resolveFields: ResolveFields = (model, fields, path, options = {}) => {
  void path;
  if (fields === undefined || fields === null || fields === '*') return visibleScalars(model, options);
  const names = toNames(fields);
  if (names.includes('*')) return visibleScalars(model, options);
  if (names.length === 0) return visibleScalars(model, options);
  const wanted = new Set<string>();
  for (const name of names) {
    if (name === 'id') continue;
    const field = model.fields.get(name);
    if (field?.kind !== 'scalar' || isHidden(field, options)) throw invalidParameter(name);
    wanted.add(name);
  }
  // Schema order, whatever the request's order: entries keep one key order everywhere.
  return model.scalarFields.filter((f) => wanted.has(f.name));
};

const visibleCache = new WeakMap<Model, { public?: ScalarField[]; all?: ScalarField[] }>();

/**
 * Every scalar a request may see, in schema order. Computed once per model (the same array
 * each time, so what is derived from it, such as the select list, can be cached too).
 */
export function visibleScalars(model: Model, options: VisibilityOptions = {}): ScalarField[] {
  let entry = visibleCache.get(model);
  if (!entry) {
    entry = {};
    visibleCache.set(model, entry);
  }
  const key = options.includePrivate ? 'all' : 'public';
  entry[key] ??= model.scalarFields.filter((f) => !isHidden(f, options));
  return entry[key];
}

function toNames(fields: unknown): string[] {
  if (typeof fields === 'string') return [fields];
  let list: unknown[];
  if (Array.isArray(fields)) list = fields;
  // qs turns `fields[200]=x` (past its array limit) into `{ '200': 'x' }`: still a list
  else if (isIndexObject(fields)) list = indexObjectValues(fields);
  else throw invalidParameter(typeof fields === 'object' ? (Object.keys(fields as object)[0] ?? 'fields') : String(fields));
  return list.map((item) => {
    if (typeof item !== 'string') throw invalidParameter(typeof item === 'object' && item ? (Object.keys(item)[0] ?? 'fields') : String(item));
    return item;
  });
}
