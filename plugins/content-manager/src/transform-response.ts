/**
 * The REST shape of Strapi v4: a flat entity `{ id, title, category: {...} }` becomes
 * `{ id, attributes: { title, category: { data: { id, attributes } } } }`. Relations, and any
 * attribute whose value holds entries of a target model, are wrapped in `{ data }`, components stay flat (`{ id, ...fields }`), dynamic-zone items keep
 * `__component`, and a populated count becomes `{ data: { attributes: { count } } }`.
 * Keys keep the entity's order.
 */
import { isPlainObject, type Model, type ModelRegistry } from '@platform/core';
import { isPopulatableCreator, RelationCount, targetModel, type Entity } from '@platform/query-engine';

export interface RestEntry {
  id: unknown;
  attributes: Record<string, unknown>;
}

export type RestData = RestEntry | RestEntry[] | null;

/** Wraps a populated value that holds entries (`{ data: entry | [entry] | null }`). */
function wrapRelation(value: unknown, target: Model | undefined, models: ModelRegistry): unknown {
  if (value instanceof RelationCount) return { data: { attributes: { count: value.count } } };
  return { data: transformEntry(value, target, models) };
}

/** The keys of `entity` but `id` (and `skip`) as REST values, added to `out` in order. */
function transformAttributes(entity: Record<string, unknown>, model: Model | undefined, models: ModelRegistry, out: Record<string, unknown> = {}, skip?: string): Record<string, unknown> {
  const fields = model?.fields;
  // for...in rather than Object.entries: no pair arrays on the hot path of every response
  for (const key in entity) {
    if (key === 'id' || key === skip || !Object.hasOwn(entity, key)) continue;
    const value = entity[key];
    const field = fields?.get(key);
    if (!field || field.kind === 'scalar') {
      // a populated creator (`createdBy`) is a to-one relation to an admin account in Strapi v4
      out[key] = !field && model && isPopulatableCreator(model, key) ? { data: transformEntry(value, undefined, models) } : value;
      continue;
    }
    switch (field.kind) {
      case 'relation':
        out[key] = wrapRelation(value, targetModel(models, field), models);
        break;
      case 'extension':
        // a plugin-provided attribute is shaped like a relation when its value holds entries
        out[key] = field.target === null ? value : wrapRelation(value, targetModel(models, field), models);
        break;
      case 'component': {
        const component = targetModel(models, field);
        out[key] = Array.isArray(value) ? value.map((item) => transformComponent(item, component, models)) : transformComponent(value, component, models);
        break;
      }
      case 'dynamiczone':
        out[key] = Array.isArray(value) ? value.map((item) => transformDynamicZoneItem(item, models)) : value;
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}

/** An entry (or a list of entries) as `{ id, attributes }`; null and undefined pass through. */
export function transformEntry(value: unknown, model: Model | undefined, models: ModelRegistry): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map((item) => transformEntry(item, model, models));
  if (!isPlainObject(value)) return value;
  return { id: value.id, attributes: transformAttributes(value, model, models) };
}

/** A component stays flat: `{ id, ...fields }`, with relations inside it wrapped. */
export function transformComponent(value: unknown, component: Model | undefined, models: ModelRegistry): unknown {
  if (!isPlainObject(value)) return value;
  return transformAttributes(value, component, models, { id: value.id });
}

function transformDynamicZoneItem(value: unknown, models: ModelRegistry): unknown {
  if (!isPlainObject(value)) return value;
  const uid = value.__component;
  const component = typeof uid === 'string' ? models.find(uid) : undefined;
  // `id` then `__component` lead, as Strapi v4 answers.
  return transformAttributes(value, component, models, { id: value.id, __component: uid }, '__component');
}

/** The envelope `{ data, meta }`; null and undefined stay as they are (the caller makes the 404). */
export function transformResponse(
  data: Entity | Entity[] | null | undefined,
  meta: Record<string, unknown>,
  model: Model,
  models: ModelRegistry,
): { data: RestData; meta: Record<string, unknown> } | null | undefined {
  if (data === null || data === undefined) return data;
  return { data: transformEntry(data, model, models) as RestData, meta };
}
