/**
 * Attribute types that plugins provide. The kernel itself knows the scalar types, relations,
 * components and dynamic zones; any other type comes from the `attributeTypes` of an enabled
 * plugin, which says how an attribute of that type is checked, what model field it becomes
 * (an ExtensionField, with no column of its own) and which tables its values are kept in.
 * The registry is built from the plugin definitions before any schema is validated, so a
 * schema that uses a type no enabled plugin provides stops start-up with a named error.
 */
import { BootError } from '../errors';
import type { ExtensionField, ModelRegistry } from '../model/types';
import type { ColumnKind, DesiredForeignKey, DesiredIndex, DesiredTable } from '../database/sync/types';
import type { Attribute, SchemaSet } from './types';

/** What a type's checks may look at besides the attribute itself. */
export interface AttributeCheckContext {
  schemas: SchemaSet;
  /** true when the attribute belongs to a component */
  inComponent: boolean;
}

/** A table a type keeps its values in; synced like link tables (created, completed, never altered). */
export interface StorageTable {
  name: string;
  /** after the `id` primary key, in this order; every column is nullable */
  columns: Array<{ name: string; kind: ColumnKind; unsigned?: boolean }>;
  indexes?: DesiredIndex[];
  /** created with the table only (MariaDB and PostgreSQL), cascading on delete */
  foreignKeys?: DesiredForeignKey[];
}

/** An attribute as written in a schema file, before the kernel knows its shape. */
export type WrittenAttribute = Attribute & Record<string, unknown>;

export interface AttributeTypeDefinition {
  /**
   * What is wrong with one attribute of this type, phrased to follow `attribute "<name>" `
   * (e.g. `has "multiple" that is not a boolean`); null when it is valid.
   */
  validate?(attribute: WrittenAttribute, context: AttributeCheckContext): string | null;
  /** The type-specific part of the attribute's model field. */
  toField(name: string, attribute: WrittenAttribute): Pick<ExtensionField, 'target' | 'multiple' | 'options'>;
  /** The tables the values of every attribute of this type live in (read once the models exist). */
  tables?(models: ModelRegistry): StorageTable[];
}

/** Where the attribute types come from: each enabled plugin's `attributeTypes`. */
export interface AttributeTypeSource {
  name: string;
  attributeTypes?: Record<string, AttributeTypeDefinition>;
}

export interface AttributeTypeRegistry {
  find(type: string): AttributeTypeDefinition | undefined;
  /** Every storage table of every type, as schema sync wants them. */
  tables(models: ModelRegistry): DesiredTable[];
}

const CORE_TYPES = new Set<string>([
  'string',
  'text',
  'richtext',
  'enumeration',
  'email',
  'password',
  'uid',
  'date',
  'time',
  'datetime',
  'timestamp',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
  'relation',
  'component',
  'dynamiczone',
]);

/** The attribute types of the enabled plugins; two plugins providing one type is a boot error. */
export function collectAttributeTypes(plugins: readonly AttributeTypeSource[]): AttributeTypeRegistry {
  const types = new Map<string, { plugin: string; definition: AttributeTypeDefinition }>();
  for (const plugin of plugins) {
    for (const [type, definition] of Object.entries(plugin.attributeTypes ?? {})) {
      if (CORE_TYPES.has(type)) throw new BootError('REGISTRY_DUPLICATE', `Plugin "${plugin.name}" provides the attribute type "${type}", which the kernel already has`);
      const other = types.get(type);
      if (other) throw new BootError('REGISTRY_DUPLICATE', `Plugins "${other.plugin}" and "${plugin.name}" both provide the attribute type "${type}"`);
      types.set(type, { plugin: plugin.name, definition });
    }
  }
  return {
    find: (type) => types.get(type)?.definition,
    tables(models) {
      const tables: DesiredTable[] = [];
      for (const { plugin, definition } of types.values()) {
        for (const table of definition.tables?.(models) ?? []) tables.push(desiredTable(table, `plugin ${plugin}`));
      }
      return tables;
    },
  };
}

/**
 * The tables plugins keep their own rows in (a definition's `tables`: an outbox, settings that are
 * no content), synced as a type's storage tables are: created, completed, never altered.
 */
export function pluginTables(plugins: readonly { name: string; tables?(models: ModelRegistry): StorageTable[] }[], models: ModelRegistry): DesiredTable[] {
  return plugins.flatMap((plugin) => (plugin.tables?.(models) ?? []).map((table) => desiredTable(table, `plugin ${plugin.name}`)));
}

function desiredTable(table: StorageTable, source: string): DesiredTable {
  return {
    name: table.name,
    role: 'link',
    source,
    columns: [
      { name: 'id', kind: 'increments', explicitNull: false },
      ...table.columns.map((column) => ({ name: column.name, kind: column.kind, explicitNull: true, ...(column.unsigned ? { unsigned: true } : {}) })),
    ],
    indexes: table.indexes ?? [],
    foreignKeys: table.foreignKeys ?? [],
  };
}
