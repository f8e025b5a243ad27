/**
 * Checks the schemas in two steps, each check made once:
 * - `validateWrittenSchemas`, on the schemas as written (before any plugin extends them): the
 *   shape plugins rely on (kind, names, collectionName, an attributes object) and that no
 *   written attribute takes a name the platform or a plugin gives itself;
 * - `validateAttributes`, after plugins extended the schemas: every attribute, the added ones
 *   included (name, type, relation targets and inverses, components).
 * An invalid schema stops start-up with an error naming the file and the attribute.
 */
import { BootError } from '../errors';
import { ATTRIBUTE_TYPES, type Attribute, type SchemaSet } from './types';
import type { AttributeTypeRegistry, WrittenAttribute } from './attribute-types';

/** Names the platform itself gives to every entry or that plugins add. */
export const RESERVED_ATTRIBUTE_NAMES = [
  'id',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
  'created_at',
  'updated_at',
  'published_at',
  'created_by',
  'updated_by',
  '__component',
  '__contentType',
  '_id',
  '__v',
];

const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'morphToOne', 'morphToMany', 'morphOne', 'morphMany'];
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

function fail(file: string, message: string): never {
  throw new BootError('SCHEMA_INVALID', `${file}: ${message}`);
}

export function validateWrittenSchemas(schemas: SchemaSet): void {
  const singular = new Map<string, string>();
  const plural = new Map<string, string>();
  const tables = new Map<string, string>();

  for (const ct of schemas.contentTypes.values()) {
    const { schema, source } = ct;
    const file = source.file;
    if (!schema || typeof schema !== 'object') fail(file, 'must export a schema object');
    if (schema.kind !== 'collectionType' && schema.kind !== 'singleType') fail(file, `"kind" must be "collectionType" or "singleType", got ${JSON.stringify(schema.kind)}`);
    if (typeof schema.collectionName !== 'string' || !schema.collectionName) fail(file, '"collectionName" is required');
    if (!schema.info || typeof schema.info.singularName !== 'string' || typeof schema.info.pluralName !== 'string') {
      fail(file, '"info.singularName" and "info.pluralName" are required');
    }
    const { singularName, pluralName } = schema.info;
    if (singularName === pluralName) fail(file, `"info.singularName" and "info.pluralName" must differ (both "${singularName}")`);
    for (const [name, map] of [
      [singularName, singular],
      [pluralName, plural],
    ] as const) {
      const other = singular.get(name) ?? plural.get(name);
      if (other) fail(file, `name "${name}" is already used by ${other}`);
      map.set(name, file);
    }
    const otherTable = tables.get(schema.collectionName);
    if (otherTable) fail(file, `collectionName "${schema.collectionName}" is already used by ${otherTable}`);
    tables.set(schema.collectionName, file);
    checkWrittenNames(file, schema.attributes);
    checkIndexes(file, schema.indexes);
  }

  for (const comp of schemas.components.values()) {
    const { schema, source } = comp;
    if (!schema || typeof schema !== 'object') fail(source.file, 'must export a component schema object');
    if (typeof schema.collectionName !== 'string' || !schema.collectionName) fail(source.file, '"collectionName" is required');
    const otherTable = tables.get(schema.collectionName);
    if (otherTable) fail(source.file, `collectionName "${schema.collectionName}" is already used by ${otherTable}`);
    tables.set(schema.collectionName, source.file);
    checkWrittenNames(source.file, schema.attributes);
  }
}

function checkWrittenNames(file: string, attributes: Record<string, Attribute> | undefined): void {
  if (!attributes || typeof attributes !== 'object') fail(file, '"attributes" must be an object');
  for (const [name, attribute] of Object.entries(attributes)) {
    if (RESERVED_ATTRIBUTE_NAMES.includes(name)) fail(file, `attribute "${name}" uses a reserved name`);
    // Plugins' extendSchemas taps read every attribute, so each must be an object with a type.
    if (!attribute || typeof attribute !== 'object' || typeof attribute.type !== 'string') fail(file, `attribute "${name}" must have a "type"`);
  }
}

/** Declared indexes are created as written, so their shape is checked before any DDL. */
function checkIndexes(file: string, indexes: unknown): void {
  if (indexes === undefined) return;
  if (!Array.isArray(indexes)) fail(file, '"indexes" must be an array');
  for (const index of indexes) {
    const valid =
      index &&
      typeof index === 'object' &&
      typeof index.name === 'string' &&
      index.name !== '' &&
      Array.isArray(index.columns) &&
      index.columns.length > 0 &&
      index.columns.every((column: unknown) => typeof column === 'string') &&
      (index.type === undefined || index.type === null || index.type === 'unique');
    if (!valid) fail(file, `"indexes" holds ${JSON.stringify(index)}, which is not { name, columns: [column, ...], type?: "unique" | null }`);
  }
}

/**
 * Checks every attribute of the extended schemas (run after the `extendSchemas` hook). Types
 * the kernel does not know are checked by the plugin that provides them.
 */
export function validateAttributes(schemas: SchemaSet, types: AttributeTypeRegistry): void {
  for (const ct of schemas.contentTypes.values()) checkAttributes(ct.source.file, ct.schema.attributes, schemas, types, false);
  for (const comp of schemas.components.values()) checkAttributes(comp.source.file, comp.schema.attributes, schemas, types, true);
}

function checkAttributes(file: string, attributes: Record<string, Attribute>, schemas: SchemaSet, types: AttributeTypeRegistry, isComponent: boolean): void {
  for (const [name, attribute] of Object.entries(attributes)) {
    const where = `attribute "${name}"`;
    if (!NAME_PATTERN.test(name)) fail(file, `${where} is not a valid attribute name`);
    // Checked again here for the attributes plugins added.
    if (!attribute || typeof attribute !== 'object' || typeof attribute.type !== 'string') fail(file, `${where} must have a "type"`);
    if (!(ATTRIBUTE_TYPES as readonly string[]).includes(attribute.type)) {
      const provided = types.find(attribute.type);
      if (!provided) fail(file, `${where} has type "${attribute.type}", which no enabled plugin provides`);
      const problem = provided.validate?.(attribute as WrittenAttribute, { schemas, inComponent: isComponent }) ?? null;
      if (problem !== null) fail(file, `${where} ${problem}`);
    }
    switch (attribute.type) {
      case 'enumeration':
        if (!Array.isArray(attribute.enum) || attribute.enum.length === 0 || !attribute.enum.every((v) => typeof v === 'string')) {
          fail(file, `${where} (enumeration) needs a non-empty "enum" array of strings`);
        }
        break;
      case 'uid':
        if (attribute.targetField !== undefined && !(attribute.targetField in attributes)) {
          fail(file, `${where} has targetField "${attribute.targetField}", which is not an attribute`);
        }
        break;
      case 'relation': {
        if (!RELATION_KINDS.includes(attribute.relation)) fail(file, `${where} has unknown relation "${String(attribute.relation)}"`);
        // Every relation, morph kinds included, is stored through a link table to a known content-type.
        if (!attribute.target || !schemas.contentTypes.has(attribute.target)) {
          fail(file, `${where} targets "${attribute.target ?? ''}", which is not a known content-type`);
        }
        if (attribute.mappedBy && attribute.inversedBy) fail(file, `${where} cannot have both mappedBy and inversedBy`);
        const other = attribute.mappedBy ?? attribute.inversedBy;
        const target = schemas.contentTypes.get(attribute.target);
        if (other && target) {
          const inverse = target.schema.attributes?.[other];
          const expected = attribute.mappedBy ? 'inversedBy' : 'mappedBy';
          if (inverse?.type !== 'relation' || (inverse as unknown as Record<string, unknown>)[expected] !== name) {
            fail(file, `${where} is ${attribute.mappedBy ? 'mappedBy' : 'inversedBy'} "${other}" on ${attribute.target}, which must be a relation with ${expected} "${name}"`);
          }
        }
        if (isComponent && (attribute.mappedBy || attribute.inversedBy)) fail(file, `${where}: relations in components must be one-way`);
        break;
      }
      case 'component':
        if (!attribute.component || !schemas.components.has(attribute.component)) {
          fail(file, `${where} uses component "${attribute.component ?? ''}", which does not exist`);
        }
        break;
      case 'dynamiczone':
        if (isComponent) fail(file, `${where}: dynamic zones are not allowed in components`);
        if (!Array.isArray(attribute.components) || attribute.components.length === 0) fail(file, `${where} needs a non-empty "components" array`);
        for (const uid of attribute.components) {
          if (!schemas.components.has(uid)) fail(file, `${where} lists component "${uid}", which does not exist`);
        }
        break;
      default:
        break;
    }
    const { regex } = attribute as { regex?: unknown };
    if (regex !== undefined) checkRegex(file, where, regex);
  }
}

/** A `regex` rule is compiled once here, so a write never meets one that does not compile. */
function checkRegex(file: string, where: string, regex: unknown): void {
  if (typeof regex !== 'string') fail(file, `${where} has a "regex" that is not a string`);
  try {
    new RegExp(regex);
  } catch (error) {
    fail(file, `${where} has an invalid "regex" ${JSON.stringify(regex)}: ${(error as Error).message}`);
  }
}
