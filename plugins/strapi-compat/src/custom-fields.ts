/**
 * Strapi v4's custom fields: `strapi.customFields.register({ name, plugin, type, inputSize })`
 * (from the app's `register`, or a plugin's) makes `plugin::<plugin>.<name>` (or
 * `global::<name>`) a field stored, validated and answered as its `type`. A schema attribute
 * `{ type: 'customField', customField: '<uid>', options }` becomes an attribute of that type
 * (keeping `customField` and `options`) before the schemas are checked. A custom field whose
 * plugin is not installed may be mapped to a type in config/plugins: Strapi refuses to start
 * without the plugin, and so does the platform, naming the field and the line that maps it.
 */
import type { Attribute, SchemaSet } from '@platform/core';
import { isPlainObject } from '@platform/core';
import { errors } from './errors';

export interface CustomFieldDefinition {
  name: string;
  plugin?: string;
  type: string;
  inputSize?: unknown;
  [key: string]: unknown;
}

export interface CustomFields {
  register(definitions: CustomFieldDefinition | CustomFieldDefinition[]): void;
  get(uid: string): (CustomFieldDefinition & { uid: string }) | undefined;
  has(uid: string): boolean;
  getAll(): Record<string, CustomFieldDefinition & { uid: string }>;
}

/** Types a custom field may be stored as: Strapi's scalar types (relations, media and components cannot be). */
const STORABLE = new Set([
  'biginteger',
  'boolean',
  'date',
  'datetime',
  'decimal',
  'email',
  'enumeration',
  'float',
  'integer',
  'json',
  'password',
  'richtext',
  'string',
  'text',
  'time',
  'uid',
  'blocks',
]);

function uidOf(definition: CustomFieldDefinition): string {
  return definition.plugin ? `plugin::${definition.plugin}.${definition.name}` : `global::${definition.name}`;
}

export function createCustomFields(): CustomFields {
  const registered = new Map<string, CustomFieldDefinition & { uid: string }>();
  return {
    register(definitions) {
      for (const definition of Array.isArray(definitions) ? definitions : [definitions]) {
        if (!isPlainObject(definition) || typeof definition.name !== 'string' || definition.name === '') {
          throw errors.boot('CUSTOM_FIELD_INVALID', `strapi.customFields.register: a custom field needs a "name", got ${JSON.stringify(definition)}`);
        }
        const uid = uidOf(definition);
        if (typeof definition.type !== 'string' || !STORABLE.has(definition.type)) {
          throw errors.boot('CUSTOM_FIELD_INVALID', `strapi.customFields.register: custom field "${uid}" has type ${JSON.stringify(definition.type)}; use one of ${[...STORABLE].join(', ')}`);
        }
        if (registered.has(uid)) throw errors.boot('CUSTOM_FIELD_INVALID', `strapi.customFields.register: custom field "${uid}" is registered twice`);
        registered.set(uid, { ...definition, uid });
      }
    },
    get: (uid) => registered.get(uid),
    has: (uid) => registered.has(uid),
    getAll: () => Object.fromEntries(registered),
  };
}

/** `customFields: { '<uid>': '<type>' }` from the plugin's configuration, checked. */
export function configuredCustomFields(raw: unknown, file: string): Map<string, string> {
  const out = new Map<string, string>();
  if (raw === undefined) return out;
  if (!isPlainObject(raw)) throw errors.boot('CUSTOM_FIELD_INVALID', `${file}: "strapi-compat.config.customFields" must be an object of '<custom field uid>': '<type>'`);
  for (const [uid, type] of Object.entries(raw)) {
    if (typeof type !== 'string' || !STORABLE.has(type)) {
      throw errors.boot('CUSTOM_FIELD_INVALID', `${file}: "strapi-compat.config.customFields" maps "${uid}" to ${JSON.stringify(type)}; use one of ${[...STORABLE].join(', ')}`);
    }
    out.set(uid, type);
  }
  return out;
}

/** Replaces every `customField` attribute by its registered (or configured) type; an unknown one stops start-up. */
export function resolveCustomFields(schemas: SchemaSet, fields: CustomFields, configured: Map<string, string>, pluginsFile: string): void {
  const models = [...schemas.contentTypes.values(), ...schemas.components.values()];
  for (const { schema, source } of models) {
    for (const [name, attribute] of Object.entries(schema.attributes ?? {})) {
      const written = attribute as unknown as Record<string, unknown>;
      if (written.type !== 'customField') continue;
      const uid = written.customField;
      if (typeof uid !== 'string' || uid === '') {
        throw errors.boot('CUSTOM_FIELD_UNKNOWN', `${source.file}: attribute "${name}" has type "customField" and no "customField" naming it`);
      }
      const type = fields.get(uid)?.type ?? configured.get(uid);
      if (!type) {
        throw errors.boot(
          'CUSTOM_FIELD_UNKNOWN',
          `${source.file}: attribute "${name}" is the custom field "${uid}", which no installed plugin registers (Strapi does not start without it either). ` +
            `To store it as a plain type, map it in ${pluginsFile}: 'strapi-compat': { config: { customFields: { '${uid}': 'richtext' } } } (or the type it holds)`,
        );
      }
      schema.attributes[name] = { ...written, type } as unknown as Attribute;
    }
  }
}
