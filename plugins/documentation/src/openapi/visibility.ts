/**
 * Which attributes the document shows in answers and in request bodies: the REST layer never
 * answers private attributes nor passwords, and never writes the keys the platform sets.
 */
import type { Field, Model } from '@platform/core';
import { isWritableKey } from '@platform/query-engine';

export function isAnswered(field: Field): boolean {
  return field.attribute.private !== true && !(field.kind === 'scalar' && field.type === 'password');
}

export function isWritten(model: Model, field: Field): boolean {
  return isWritableKey(model, field.name);
}
