/**
 * The tables the models need, in Strapi v4's layout: one table per content-type and component
 * (`id` first, then the attributes' snake_case columns, then timestamps and creator columns),
 * a `<table>_<attr>_links` table per owning relation, a `<table>_components` join table per
 * model with components or dynamic zones, the tables of plugin-provided attribute types, and
 * Strapi's bookkeeping tables.
 */
import type { Model, ModelRegistry, RelationField } from '../../model/types';
import { componentJoinIndexNames, linkIndexNames, linkListIndexNames } from '../../model/naming';
import { columnKind } from './column-types';
import type { DesiredColumn, DesiredIndex, DesiredTable } from './types';

const CREATOR_COLUMNS = ['created_by_id', 'updated_by_id'];
/** The creator columns follow these in Strapi's tables (`created_at, updated_at, published_at, created_by_id, ...`). */
const TIMESTAMP_COLUMNS = new Set(['created_at', 'updated_at', 'published_at']);

function column(name: string, kind: DesiredColumn['kind'], unsigned = false): DesiredColumn {
  return unsigned ? { name, kind, unsigned, explicitNull: true } : { name, kind, explicitNull: true };
}

/**
 * Columns that unique indexes of the model also cover, set by plugins through the schema option
 * `uniqueIndexScope` (e.g. `['locale']`, so that a uid is unique per locale).
 */
function uniqueIndexScope(model: Model): string[] {
  const names = model.options.uniqueIndexScope;
  if (!Array.isArray(names)) return [];
  return names.flatMap((name) => {
    const field = model.fields.get(String(name));
    return field?.kind === 'scalar' ? [field.column] : [];
  });
}

function entityTable(model: Model): DesiredTable {
  const columns: DesiredColumn[] = [{ name: 'id', kind: 'increments', explicitNull: false }];
  const indexes: DesiredIndex[] = [];
  const scope = uniqueIndexScope(model);
  for (const field of model.scalarFields) {
    columns.push(column(field.column, columnKind(field.type)));
    // Strapi v4 makes a uid unique in the database; `unique: true` on other types is checked by
    // the validator only (its sample database has no index for them).
    if (field.type === 'uid' || field.attribute.column?.unique === true) {
      indexes.push({ name: `${model.tableName}_${field.column}_unique`, columns: [field.column, ...scope], unique: true });
    }
  }
  if (model.hasCreatorColumns) {
    let at = columns.length;
    for (let i = columns.length - 1; i > 0; i -= 1) {
      // biome-ignore lint/style/noNonNullAssertion: 0 < i < columns.length
      if (TIMESTAMP_COLUMNS.has(columns[i]!.name)) {
        at = i + 1;
        break;
      }
    }
    columns.splice(at, 0, ...CREATOR_COLUMNS.map((name) => column(name, 'integer', true)));
    for (const name of CREATOR_COLUMNS) indexes.push({ name: `${model.tableName}_${name}_fk`, columns: [name], unique: false });
  }
  for (const index of model.indexes ?? []) indexes.push({ name: index.name, columns: [...index.columns], unique: index.type === 'unique' });
  return { name: model.tableName, role: 'entity', source: model.source, columns, indexes, foreignKeys: [] };
}

function linkTable(model: Model, field: RelationField, target: Model): DesiredTable {
  const { link } = field;
  const names = linkIndexNames(link.name);
  const columns = [{ name: 'id', kind: 'increments', explicitNull: false } as DesiredColumn, column(link.ownerColumn, 'integer', true), column(link.targetColumn, 'integer', true)];
  const indexes: DesiredIndex[] = [
    { name: names.fk, columns: [link.ownerColumn], unique: false },
    { name: names.invFk, columns: [link.targetColumn], unique: false },
  ];
  if (link.targetOrderColumn) {
    columns.push(column(link.targetOrderColumn, 'double'));
    indexes.push({ name: names.orderFk, columns: [link.targetOrderColumn], unique: false });
  }
  if (link.ownerOrderColumn) {
    columns.push(column(link.ownerOrderColumn, 'double'));
    indexes.push({ name: names.orderInvFk, columns: [link.ownerOrderColumn], unique: false });
  }
  indexes.push({ name: names.unique, columns: [link.ownerColumn, link.targetColumn], unique: true });
  // Not in Strapi's layout: each side's lists in stored order, read without a sort (see naming.ts).
  const lists = linkListIndexNames(link.name);
  if (link.targetOrderColumn) indexes.push({ name: lists.list, columns: [link.ownerColumn, link.targetOrderColumn], unique: false, extra: true });
  if (link.ownerOrderColumn) indexes.push({ name: lists.invList, columns: [link.targetColumn, link.ownerOrderColumn], unique: false, extra: true });
  return {
    name: link.name,
    role: 'link',
    source: model.source,
    columns,
    indexes,
    foreignKeys: [
      { name: names.fk, column: link.ownerColumn, referencedTable: model.tableName },
      { name: names.invFk, column: link.targetColumn, referencedTable: target.tableName },
    ],
  };
}

function componentJoinTable(model: Model): DesiredTable | null {
  const join = model.componentJoin;
  if (!join) return null;
  const names = componentJoinIndexNames(model.tableName);
  return {
    name: join.name,
    role: 'components',
    source: model.source,
    columns: [
      { name: 'id', kind: 'increments', explicitNull: false },
      column(join.entityColumn, 'integer', true),
      column(join.componentColumn, 'integer', true),
      column(join.typeColumn, 'string'),
      column(join.fieldColumn, 'string'),
      column(join.orderColumn, 'double'),
    ],
    indexes: [
      { name: names.field, columns: [join.fieldColumn], unique: false },
      { name: names.componentType, columns: [join.typeColumn], unique: false },
      { name: names.entityFk, columns: [join.entityColumn], unique: false },
      { name: names.unique, columns: [join.entityColumn, join.componentColumn, join.fieldColumn, join.typeColumn], unique: true },
    ],
    foreignKeys: [{ name: names.entityFk, column: join.entityColumn, referencedTable: model.tableName }],
  };
}

function bookkeeping(name: string, columns: Array<[string, DesiredColumn['kind']]>, explicitNull: boolean): DesiredTable {
  return {
    name,
    role: 'bookkeeping',
    source: 'platform',
    columns: [{ name: 'id', kind: 'increments', explicitNull: false }, ...columns.map(([n, kind]) => ({ name: n, kind, explicitNull }))],
    indexes: [],
    foreignKeys: [],
  };
}

/**
 * Strapi's bookkeeping tables with Strapi's own columns and types, so a Strapi database
 * compares equal: `strapi_core_store_settings` says `null` in its DDL, the other two do not.
 */
export const BOOKKEEPING_TABLES: readonly DesiredTable[] = [
  bookkeeping(
    'strapi_core_store_settings',
    [
      ['key', 'string'],
      ['value', 'text'],
      ['type', 'string'],
      ['environment', 'string'],
      ['tag', 'string'],
    ],
    true,
  ),
  bookkeeping(
    'strapi_database_schema',
    [
      ['schema', 'json'],
      ['time', 'datetime'],
      ['hash', 'string'],
    ],
    false,
  ),
  bookkeeping(
    'strapi_migrations',
    [
      ['name', 'string'],
      ['time', 'datetime'],
    ],
    false,
  ),
];

/**
 * Every table the models need: entity tables first, then link and join tables (which may
 * reference them), then the tables of plugin-provided attribute types (`storage`), then the
 * bookkeeping tables.
 */
export function desiredSchema(models: ModelRegistry, storage: readonly DesiredTable[] = []): DesiredTable[] {
  const entities: DesiredTable[] = [];
  const dependents: DesiredTable[] = [];
  for (const model of models.all()) {
    entities.push(entityTable(model));
    for (const field of model.fields.values()) {
      // Morph relations have no `_links` table: the plugin that uses them keeps its own.
      if (field.kind !== 'relation' || !field.owner || field.relation.startsWith('morph')) continue;
      const target = models.find(field.target);
      if (target) dependents.push(linkTable(model, field, target));
    }
    const join = componentJoinTable(model);
    if (join) dependents.push(join);
  }
  return [...entities, ...dependents, ...storage, ...BOOKKEEPING_TABLES];
}
