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
export const CONTENT_API_QUERY_KEYS = ['fields', 'filters', 'sort', 'populate', 'pagination', 'publicationState', 'locale'] as const;

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
  for (const key of ['publicationState', 'locale'] as const) {
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

function isHidden(model: Model | undefined, key: string): boolean {
  if (key === 'id' || key === '__component') return false;
  const attribute = model?.attributes[key] as { type?: string; private?: boolean } | undefined;
  return attribute?.private === true || attribute?.type === 'password';
}

/** Removes private and password attributes from a flat entity (or list), at every depth. */
export function sanitizeOutput(value: unknown, model: Model | undefined, models: ModelRegistry): unknown {
  if (Array.isArray(value)) return value.map((item) => sanitizeOutput(item, model, models));
  if (!isRecord(value) || value instanceof RelationCount) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (isHidden(model, key)) continue;
    const field = model?.fields.get(key);
    switch (field?.kind) {
      case 'relation':
        out[key] = sanitizeOutput(child, models.find(field.target), models);
        break;
      case 'media':
        out[key] = sanitizeOutput(child, models.find(UPLOAD_FILE_UID), models);
        break;
      case 'component':
        out[key] = sanitizeOutput(child, models.find(field.component), models);
        break;
      case 'dynamiczone':
        out[key] = Array.isArray(child)
          ? child.map((item) => (isRecord(item) && typeof item.__component === 'string' ? sanitizeOutput(item, models.find(item.__component), models) : item))
          : child;
        break;
      default:
        out[key] = child;
    }
  }
  return out;
}
