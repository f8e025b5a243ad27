/**
 * The query engine's field-kind registry (`plugin::query-engine.field-kinds`): one kind per
 * plugin-provided attribute type. Plugins register during `register`; the registry rejects
 * duplicates and freezes when the query engine bootstraps, where every extension attribute of
 * the models must have a kind.
 */
import type { ExtensionField, ModelRegistry } from '@platform/core';
import { errors } from '../errors';
import type { FieldKind } from './types';

export class FieldKindRegistry {
  private readonly kinds = new Map<string, FieldKind>();
  private frozen = false;

  register<TInput>(kind: FieldKind<TInput>): void {
    if (this.frozen) throw errors.boot('FIELD_KINDS_FROZEN', `Cannot register the field kind "${kind.type}": register it in the plugin's register step`);
    if (this.kinds.has(kind.type)) throw errors.boot('FIELD_KIND_DUPLICATE', `field kind "${kind.type}" is already registered`);
    this.kinds.set(kind.type, kind as FieldKind);
  }

  /** The kind of an extension field; reached at request time, so an internal error if missing. */
  of(field: ExtensionField): FieldKind {
    const kind = this.kinds.get(field.type);
    if (!kind) throw errors.internal('FIELD_KIND_UNKNOWN', `No field kind registered for the attribute type "${field.type}"`);
    return kind;
  }

  find(type: string): FieldKind | undefined {
    return this.kinds.get(type);
  }

  all(): FieldKind[] {
    return [...this.kinds.values()];
  }

  /** Freezes the registry and checks that every extension attribute of `models` has a kind. */
  seal(models: ModelRegistry): void {
    this.frozen = true;
    for (const model of models.all()) {
      for (const field of model.fields.values()) {
        if (field.kind === 'extension' && !this.kinds.has(field.type)) {
          throw errors.boot('FIELD_KIND_MISSING', `${model.source}: attribute "${field.name}" has type "${field.type}", for which no plugin registered a query-engine field kind`);
        }
      }
    }
  }
}
