/**
 * Whether an archive's schemas describe the app's content: each attribute is compared by what
 * decides its storage (its type; a relation's kind and target; a component's uid and whether
 * it repeats; a dynamic zone's components; whether media are multiple). Validations, labels
 * and plugin options do not count. Relations to Strapi's admin users (`createdBy`,
 * `updatedBy`) and polymorphic relations (kept by the media attributes of the other side) are
 * left out, as are Strapi's admin types, which are never transferred.
 */
import type { Model, ModelRegistry } from '@platform/core';
import { isAdminTable, isAdminType, type SchemaLine } from './format';

const IGNORED_ATTRIBUTES = new Set(['createdBy', 'updatedBy']);

function signature(attribute: Record<string, unknown>): string | null {
  const type = String(attribute.type);
  switch (type) {
    case 'relation': {
      const relation = String(attribute.relation);
      if (relation.startsWith('morph')) return null;
      return `relation ${relation} to ${String(attribute.target)}`;
    }
    case 'component':
      return `component ${String(attribute.component)}${attribute.repeatable === true ? ' (repeatable)' : ''}`;
    case 'dynamiczone':
      return `dynamic zone of ${[...((attribute.components as string[] | undefined) ?? [])].sort().join(', ')}`;
    case 'media':
      return `media${attribute.multiple === true ? ' (multiple)' : ''}`;
    default:
      return type;
  }
}

function signatures(attributes: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, attribute] of Object.entries(attributes)) {
    if (IGNORED_ATTRIBUTES.has(name) || attribute === null || typeof attribute !== 'object') continue;
    const sig = signature(attribute as Record<string, unknown>);
    if (sig !== null) out.set(name, sig);
  }
  return out;
}

/**
 * The app's models an archive carries: its content-types and components, but Strapi's admin
 * types (administrators, API and transfer tokens), which Strapi never transfers: a copy of a
 * site keeps its own credentials.
 */
export function transferableModels(models: ModelRegistry): Model[] {
  return [...models.contentTypes().filter((m) => !isAdminType(m.uid) && !isAdminTable(m.tableName)), ...models.components()];
}

/** One difference between an archive's schema and the app's model of the same uid. */
export interface SchemaDifference {
  uid: string;
  attribute: string | null;
  message: string;
  /** an attribute only the app has (its rows get no value for it) */
  appOnly: boolean;
}

/** The differences of the types both sides have; types on one side only are judged by the caller. */
export function compareSchema(model: Model, schema: SchemaLine): SchemaDifference[] {
  const differences: SchemaDifference[] = [];
  // the fields hold every attribute, the timestamps and those plugins added (locale, localizations) too
  const app = signatures(Object.fromEntries([...model.fields].map(([name, field]) => [name, field.attribute])));
  const archive = signatures(schema.attributes ?? {});
  for (const [name, sig] of archive) {
    const mine = app.get(name);
    if (mine === undefined) differences.push({ uid: model.uid, attribute: name, message: `${model.uid}.${name} (${sig}) is in the archive, not in the app`, appOnly: false });
    else if (mine !== sig) differences.push({ uid: model.uid, attribute: name, message: `${model.uid}.${name} is ${sig} in the archive, ${mine} in the app`, appOnly: false });
  }
  for (const [name, sig] of app) {
    if (!archive.has(name)) differences.push({ uid: model.uid, attribute: name, message: `${model.uid}.${name} (${sig}) is in the app, not in the archive`, appOnly: true });
  }
  return differences;
}
