/**
 * What a request may send and what a response may show. Output: private and password
 * attributes are removed at every depth (relations, linked entries, components, dynamic zones), even if
 * a custom service loaded them. Query: only the content-API parameters reach the service, so a
 * client can never pass an internal flag such as `includePrivate`. Input: keys that are not
 * writable (`id`, timestamps, creator fields, `writable: false`) are dropped, as in Strapi v4.
 */
import { isPlainObject, ValidationError, type Field, type Model, type ModelRegistry } from '@platform/core';
import { isWritableKey, RelationCount, targetUid, type FindParams } from '@platform/query-engine';

/** The query keys of the REST content API; any other key never reaches the service. */
export const CONTENT_API_QUERY_KEYS = ['fields', 'filters', 'sort', 'populate', 'pagination', 'publicationState', 'locale', '_q'] as const;

/** Picks the content-API keys of a parsed query string, in object form. */
export function sanitizeQuery(query: Record<string, unknown> | undefined): FindParams {
  const out: FindParams = {};
  if (!query) return out;
  for (const key of CONTENT_API_QUERY_KEYS) {
    if (query[key] !== undefined) out[key] = query[key] as never;
  }
  return out;
}

const STRING_QUERY_KEYS = ['publicationState', 'locale', '_q'] as const;

function invalid(key: string): never {
  throw new ValidationError(`Invalid parameter ${key}`, {});
}

/**
 * Shape checks that belong to the REST layer (the engine checks names and values): parameters
 * that must be strings or objects. A wrong shape is a 400 naming the parameter.
 */
export function validateQuery(query: Record<string, unknown> | undefined): void {
  if (!query) return;
  for (const key of STRING_QUERY_KEYS) {
    if (query[key] !== undefined && typeof query[key] !== 'string') invalid(key);
  }
  if (query.filters !== undefined && !isPlainObject(query.filters)) invalid('filters');
  if (query.pagination !== undefined && !isPlainObject(query.pagination)) invalid('pagination');
  const fields = query.fields;
  if (fields !== undefined && typeof fields !== 'string' && !(Array.isArray(fields) && fields.every((f) => typeof f === 'string'))) invalid('fields');
  const sort = query.sort;
  if (sort !== undefined && typeof sort !== 'string' && !Array.isArray(sort) && !isPlainObject(sort)) invalid('sort');
  const populate = query.populate;
  if (populate !== undefined && populate !== null && typeof populate !== 'string' && !Array.isArray(populate) && !isPlainObject(populate)) invalid('populate');
}

/** Drops the keys of `data` that a client may not write (root level). */
export function sanitizeInput(data: Record<string, unknown>, model: Model): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (isWritableKey(model, key)) out[key] = value;
  }
  return out;
}

/**
 * What sanitizing an entry of one model means, computed once per model: the keys to drop, and
 * the keys whose value may hold something to drop deeper (a model reachable from there has a
 * private or password attribute). Other keys are never looked at.
 */
interface OutputPlan {
  hidden: string[];
  /** key -> model uid of its value (undefined: a dynamic zone, per item) */
  nested: Array<[key: string, uid: string | undefined]>;
}

const plans = new WeakMap<Model, OutputPlan>();

function hiddenKeys(model: Model): string[] {
  const out: string[] = [];
  for (const [key, attribute] of Object.entries(model.attributes)) {
    const attr = attribute as { type?: string; private?: boolean };
    if (key !== 'id' && key !== '__component' && (attr.private === true || attr.type === 'password')) out.push(key);
  }
  return out;
}

/** The uids an attribute's value may hold entries of. */
function targetsOf(field: Field): string[] {
  if (field.kind === 'dynamiczone') return field.components;
  const uid = targetUid(field);
  return uid === undefined ? [] : [uid];
}

/** Whether an entry of one of `uids`, at any depth, can carry a private or password attribute. */
function reachesHidden(uids: string[], models: ModelRegistry): boolean {
  const seen = new Set<string>();
  const queue = [...uids];
  while (queue.length > 0) {
    const uid = queue.pop() as string;
    if (seen.has(uid)) continue;
    seen.add(uid);
    const model = models.find(uid);
    if (!model) continue;
    if (hiddenKeys(model).length > 0) return true;
    for (const field of model.fields.values()) queue.push(...targetsOf(field));
  }
  return false;
}

function planOf(model: Model, models: ModelRegistry): OutputPlan {
  let plan = plans.get(model);
  if (plan) return plan;
  const hidden = hiddenKeys(model);
  const nested: OutputPlan['nested'] = [];
  for (const field of model.fields.values()) {
    if (hidden.includes(field.name)) continue;
    const targets = targetsOf(field);
    if (targets.length === 0 || !reachesHidden(targets, models)) continue;
    nested.push([field.name, field.kind === 'dynamiczone' ? undefined : targets[0]]);
  }
  plan = { hidden, nested };
  plans.set(model, plan);
  return plan;
}

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

/**
 * Removes private and password attributes from a flat entity (or list), at every depth.
 * Copy on write: what has nothing to remove comes back as it is (the response transform copies
 * it anyway), so the common case allocates nothing and walks only where something could hide.
 */
export function sanitizeOutput(value: unknown, model: Model | undefined, models: ModelRegistry): unknown {
  if (Array.isArray(value)) return mapChanged(value, (item) => sanitizeOutput(item, model, models));
  if (!isPlainObject(value) || value instanceof RelationCount || !model) return value;
  const plan = planOf(model, models);
  let drop = false;
  for (const key of plan.hidden) {
    if (hasOwn(value, key)) {
      drop = true;
      break;
    }
  }
  let replaced: Map<string, unknown> | null = null;
  for (const [key, uid] of plan.nested) {
    const child = value[key];
    if (child === null || typeof child !== 'object' || !hasOwn(value, key)) continue;
    const clean = uid !== undefined ? sanitizeOutput(child, models.find(uid), models) : sanitizeZone(child, models);
    if (clean !== child) (replaced ??= new Map()).set(key, clean);
  }
  if (!drop && !replaced) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!hasOwn(value, key) || plan.hidden.includes(key)) continue;
    out[key] = replaced?.has(key) ? replaced.get(key) : value[key];
  }
  return out;
}

/** `list.map(fn)`, but the list itself when no item changed. */
function mapChanged(list: unknown[], fn: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < list.length; i += 1) {
    const item = list[i];
    const clean = fn(item);
    if (clean !== item && !out) out = list.slice(0, i);
    if (out) out.push(clean);
  }
  return out ?? list;
}

function sanitizeZone(value: unknown, models: ModelRegistry): unknown {
  if (!Array.isArray(value)) return value;
  return mapChanged(value, (item) => (isPlainObject(item) && typeof item.__component === 'string' ? sanitizeOutput(item, models.find(item.__component), models) : item));
}
