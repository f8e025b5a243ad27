/**
 * Which keys of a request body may be written: the one rule the REST layer's input sanitizing,
 * the write path and plugins' own endpoints share.
 */
import { ValidationError, type Model } from '@platform/core';

/** Keys a request can never write: the platform sets them. */
export const SYSTEM_KEYS: ReadonlySet<string> = new Set(['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

/** Whether a request may write `key`: not a key the platform sets, not a `writable: false` attribute. */
export function isWritableKey(model: Model, key: string): boolean {
  if (SYSTEM_KEYS.has(key)) return false;
  return model.fields.get(key)?.attribute.writable !== false;
}

/** Keeps the keys a request may write: attributes, minus system and `writable: false` ones. */
export function pickWritable(model: Model, data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ValidationError('Invalid "data" payload: an object is expected');
  }
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (model.fields.has(key) && isWritableKey(model, key)) picked[key] = value;
  }
  return picked;
}
