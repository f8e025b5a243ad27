/**
 * A mutation's `data` argument as the entity service's data: plain objects, relations as the
 * id lists Strapi v4's GraphQL takes, and dynamic-zone items named by `__typename` (the
 * component's GraphQL type) turned into `__component` (its uid). An unknown type name is a
 * 400 listing the zone's components.
 */
import { isPlainObject, type Model, type ModelRegistry } from '@platform/core';
import { errors } from '../errors';
import { typeName } from '../naming';

/** graphql-js hands input objects without a prototype: make them plain, deeply. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = plain(item);
    return out;
  }
  return value;
}

export function toEngineData(model: Model, models: ModelRegistry, input: unknown): Record<string, unknown> {
  const data = plain(input) as Record<string, unknown>;
  for (const field of model.fields.values()) {
    if (field.kind !== 'dynamiczone' || !Array.isArray(data[field.name])) continue;
    const byType = new Map(
      field.components.flatMap((uid) => {
        const component = models.find(uid);
        return component ? [[typeName(component), uid] as const] : [];
      }),
    );
    data[field.name] = (data[field.name] as unknown[]).map((item) => {
      if (!isPlainObject(item)) return item;
      const { __typename: name, ...rest } = item;
      const uid = typeof name === 'string' ? byType.get(name) : undefined;
      if (!uid) {
        throw errors.request('UNKNOWN_COMPONENT', `Component not found. expected one of: ${[...byType.keys()].join(', ')}`, { key: field.name, allowed: [...byType.keys()] });
      }
      return { __component: uid, ...rest };
    });
  }
  return data;
}
