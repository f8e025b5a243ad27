/**
 * What a request may write. At the root, keys that are not writable (`id`, timestamps, creator
 * fields, `writable: false`) are dropped, as in Strapi v4 (a component's `id` stays: it names
 * the item to update). The attributes the guards' `unwritable` rules name for the caller are dropped at
 * the root and inside components and dynamic-zone items, at every depth.
 */
import { isPlainObject, type Model, type ModelRegistry } from '@platform/core';
import { isWritableKey } from '../write/writable-keys';

/** Drops the keys of `data` that a client may not write (root level). */
export function pickWritableKeys(model: Model, data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (isWritableKey(model, key)) out[key] = value;
  }
  return out;
}

/**
 * Drops the restricted attributes from `data` and from the components and zone items it holds.
 * Copy on write: an object with nothing to drop comes back as it is.
 */
export function dropRestricted(model: Model, data: Record<string, unknown>, models: ModelRegistry, restricted: (model: Model) => ReadonlySet<string>): Record<string, unknown> {
  const drop = restricted(model);
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(data);
  for (const [i, key] of keys.entries()) {
    const value = data[key];
    let clean: unknown = value;
    if (!drop.has(key)) {
      const field = model.fields.get(key);
      if (field?.kind === 'component') {
        const component = models.find(field.component);
        if (component) clean = mapItems(value, (item) => dropRestricted(component, item, models, restricted));
      } else if (field?.kind === 'dynamiczone') {
        clean = mapItems(value, (item) => {
          const component = typeof item.__component === 'string' ? models.find(item.__component) : undefined;
          return component ? dropRestricted(component, item, models, restricted) : item;
        });
      }
    }
    if (!out && (drop.has(key) || clean !== value)) {
      out = {};
      for (const before of keys.slice(0, i)) out[before] = data[before];
    }
    if (out && !drop.has(key)) out[key] = clean;
  }
  return out ?? data;
}

/** Applies `fn` to an object or to each object of a list; the input itself when nothing changed. */
function mapItems(value: unknown, fn: (item: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (isPlainObject(value)) return fn(value);
  if (!Array.isArray(value)) return value;
  let out: unknown[] | null = null;
  for (let i = 0; i < value.length; i += 1) {
    const item = value[i];
    const clean = isPlainObject(item) ? fn(item) : item;
    if (clean !== item && !out) out = value.slice(0, i);
    if (out) out.push(clean);
  }
  return out ?? value;
}
