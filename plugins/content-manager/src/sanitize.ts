/**
 * What a request may send and what a response may show. Output: private and password
 * attributes are removed at every depth (relations, media, components, dynamic zones), even if
 * a custom service loaded them. Query: only the content-API parameters reach the service, so a
 * client can never pass an internal flag such as `includePrivate`. Input: keys that are not
 * writable (`id`, timestamps, creator fields, `writable: false`) are dropped, as in Strapi v4.
 */
import { ValidationError, type Model, type ModelRegistry } from '@platform/core';
import { RelationCount, type FindParams } from '@platform/query-engine';
import { UPLOAD_FILE_UID } from './transform-response';

/** The query keys of the REST content API (spec 4.2). */
export const CONTENT_API_QUERY_KEYS = ['fields', 'filters', 'sort', 'populate', 'pagination', 'publicationState', 'locale', '_q'] as const;

const NON_WRITABLE_KEYS = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Picks the content-API keys of a parsed query string, in object form. */
export function sanitizeQuery(query: Record<string, unknown> | undefined): FindParams {
  const out: FindParams = {};
  if (!query) return out;
  for (const key of CONTENT_API_QUERY_KEYS) {
    if (query[key] !== undefined) out[key] = query[key] as never;
  }
  return out;
}

/**
 * Shape checks that belong to the REST layer (the engine checks names and values): parameters
 * that must be strings or objects. A wrong shape is a 400 naming the parameter.
 */
export function validateQuery(query: Record<string, unknown> | undefined): void {
  if (!query) return;
  const invalid = (key: string): never => {
    throw new ValidationError(`Invalid parameter ${key}`, {});
  };
  for (const key of ['publicationState', 'locale', '_q'] as const) {
    if (query[key] !== undefined && typeof query[key] !== 'string') invalid(key);
  }
  if (query.filters !== undefined && !isRecord(query.filters)) invalid('filters');
  if (query.pagination !== undefined && !isRecord(query.pagination)) invalid('pagination');
  const fields = query.fields;
  if (fields !== undefined && typeof fields !== 'string' && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string'))) invalid('fields');
  const sort = query.sort;
  if (sort !== undefined && typeof sort !== 'string' && !Array.isArray(sort) && !isRecord(sort)) invalid('sort');
  const populate = query.populate;
  if (populate !== undefined && populate !== null && typeof populate !== 'string' && !Array.isArray(populate) && !isRecord(populate)) invalid('populate');
}

/** Drops the keys of `data` that a client may not write (root level). */
export function sanitizeInput(data: Record<string, unknown>, model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (NON_WRITABLE_KEYS.has(key)) continue;
    const attribute = model.attributes[key] as { writable?: boolean } | undefined;
    if (attribute?.writable === false) continue;
    out[key] = value;
  }
  return out;
}

/**
 * What sanitizing an entry of one model means, computed once per model: the keys to drop and
 * the keys whose value is sanitized against another model.
 */
interface OutputPlan {
  hidden: Set<string>;
  /** key -> model uid of its value (undefined: a dynamic zone, per item) */
  nested: Map<string, string | undefined>;
}

const plans = new WeakMap<Model, OutputPlan>();

function planOf(model: Model): OutputPlan {
  let plan = plans.get(model);
  if (plan) return plan;
  plan = { hidden: new Set(), nested: new Map() };
  for (const [key, attribute] of Object.entries(model.attributes)) {
    const attr = attribute as { type?: string; private?: boolean };
    if (key !== 'id' && key !== '__component' && (attr.private === true || attr.type === 'password')) plan.hidden.add(key);
  }
  for (const field of model.fields.values()) {
    if (plan.hidden.has(field.name)) continue;
    if (field.kind === 'relation') plan.nested.set(field.name, field.target);
    else if (field.kind === 'media') plan.nested.set(field.name, UPLOAD_FILE_UID);
    else if (field.kind === 'component') plan.nested.set(field.name, field.component);
    else if (field.kind === 'dynamiczone') plan.nested.set(field.name, undefined);
  }
  plans.set(model, plan);
  return plan;
}

/**
 * Removes private and password attributes from a flat entity (or list), at every depth.
 * Copy on write: what has nothing to remove comes back as it is (the response transform copies
 * it anyway), so the common case allocates nothing.
 */
export function sanitizeOutput(value: unknown, model: Model | undefined, models: ModelRegistry): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      const item = value[i];
      const clean = sanitizeOutput(item, model, models);
      if (clean !== item && !out) out = value.slice(0, i);
      if (out) out.push(clean);
    }
    return out ?? value;
  }
  if (!isRecord(value) || value instanceof RelationCount || !model) return value;
  const plan = planOf(model);
  let out: Record<string, unknown> | null = null;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const child = value[key];
    let clean = child;
    if (plan.hidden.has(key)) {
      out ??= copyUntil(value, key);
      continue;
    }
    if (plan.nested.has(key) && child !== null && typeof child === 'object') {
      const uid = plan.nested.get(key);
      clean = uid !== undefined ? sanitizeOutput(child, models.find(uid), models) : sanitizeZone(child, models);
    }
    if (clean !== child) out ??= copyUntil(value, key);
    if (out) out[key] = clean;
  }
  return out ?? value;
}

/** The own keys of `value` before `stop`, in order (the start of a copy). */
function copyUntil(value: Record<string, unknown>, stop: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (key === stop) break;
    if (Object.prototype.hasOwnProperty.call(value, key)) out[key] = value[key];
  }
  return out;
}

function sanitizeZone(value: unknown, models: ModelRegistry): unknown {
  if (!Array.isArray(value)) return value;
  let out: unknown[] | null = null;
  for (let i = 0; i < value.length; i += 1) {
    const item = value[i];
    const clean = isRecord(item) && typeof item.__component === 'string' ? sanitizeOutput(item, models.find(item.__component), models) : item;
    if (clean !== item && !out) out = value.slice(0, i);
    if (out) out.push(clean);
  }
  return out ?? value;
}
