/**
 * Where an attribute leads: the model whose entries a relation, a component or an attribute of
 * a plugin-provided type holds. Reads, writes and the REST shape all name them through here.
 */
import type { Field, Model, ModelRegistry } from '@platform/core';

/** The uid of the model an attribute leads to; undefined for scalars, dynamic zones and values that hold no entries. */
export function targetUid(field: Field): string | undefined {
  switch (field.kind) {
    case 'relation':
      return field.target;
    case 'component':
      return field.component;
    case 'extension':
      return field.target ?? undefined;
    default:
      return undefined;
  }
}

/** The model an attribute leads to (undefined: scalars, zones, targets no enabled plugin provides). */
export function targetModel(models: ModelRegistry, field: Field): Model | undefined {
  const uid = targetUid(field);
  return uid === undefined ? undefined : models.find(uid);
}
