/**
 * Normalized metadata built from the schemas: what every plugin reads to know tables, columns,
 * link tables and component join tables. Names follow Strapi v4's database layout exactly
 * (see model/naming.ts), so an existing Strapi v4 database is served as it is.
 */
import type { Attribute, RelationKind, ScalarAttribute, ScalarType, SchemaIndex } from '../schema/types';

export type ModelKind = 'collectionType' | 'singleType' | 'component';

export interface ScalarField {
  kind: 'scalar';
  name: string;
  column: string;
  type: ScalarType;
  attribute: ScalarAttribute;
}

/**
 * A link table `<ownerTable>_<attribute>_links`, always described from the owning side:
 * `ownerColumn` holds the owner's id, `targetColumn` the target's id.
 */
export interface LinkTable {
  name: string;
  ownerColumn: string;
  targetColumn: string;
  /** Orders the targets within one owner's list (owner side is to-many). */
  targetOrderColumn: string | null;
  /** Orders the owners within one target's list (inverse side is to-many). */
  ownerOrderColumn: string | null;
}

export interface RelationField {
  kind: 'relation';
  name: string;
  relation: RelationKind;
  target: string;
  /** true when the value is a list on this side */
  toMany: boolean;
  /** true on the side that owns the link table (inversedBy side, or a one-way relation) */
  owner: boolean;
  /** the attribute on the other side, if the relation is two-way */
  inverse: string | null;
  /** the link table as seen from the owning side */
  link: LinkTable;
  /**
   * From this side's point of view: the column that holds this side's id, the one that holds
   * the other side's id, and the column that orders this side's list (null if not ordered).
   */
  selfColumn: string;
  otherColumn: string;
  orderColumn: string | null;
  /** the order column of the other side's list, kept up to date on writes */
  inverseOrderColumn: string | null;
  attribute: Attribute;
}

/**
 * An attribute of a type a plugin provides (see schema/attribute-types.ts). It has no column of
 * its own: the providing plugin stores its values (in tables it declares) and the query engine
 * reaches them through the field kind that plugin registers for `type`.
 */
export interface ExtensionField {
  kind: 'extension';
  /** the attribute type, as written in the schema */
  type: string;
  name: string;
  /** uid of the model whose entries the value holds, if it holds entries */
  target: string | null;
  /** true when the value is a list */
  multiple: boolean;
  /** what the providing plugin keeps from the attribute, read by its field kind */
  options: Record<string, unknown>;
  attribute: Attribute;
}

export interface ComponentField {
  kind: 'component';
  name: string;
  component: string;
  repeatable: boolean;
  attribute: Attribute;
}

export interface DynamicZoneField {
  kind: 'dynamiczone';
  name: string;
  components: string[];
  attribute: Attribute;
}

export type Field = ScalarField | RelationField | ExtensionField | ComponentField | DynamicZoneField;

/** The `<table>_components` join table that orders an entity's components and dynamic-zone items. */
export interface ComponentJoinTable {
  name: string;
  entityColumn: 'entity_id';
  componentColumn: 'component_id';
  typeColumn: 'component_type';
  fieldColumn: 'field';
  orderColumn: 'order';
}

export interface Model {
  uid: string;
  kind: ModelKind;
  tableName: string;
  singularName: string;
  pluralName: string;
  /** content-type uid namespace (`api` | `plugin`), or `component` */
  namespace: 'api' | 'plugin' | 'component';
  /** the original schema, after plugins extended it */
  attributes: Record<string, Attribute>;
  /** every attribute, normalized, in schema order (includes createdAt/updatedAt etc.) */
  fields: Map<string, Field>;
  /** only the scalar fields, in order, for select lists */
  scalarFields: ScalarField[];
  componentJoin: ComponentJoinTable | null;
  options: Record<string, unknown>;
  pluginOptions: Record<string, unknown>;
  /** the file the schema came from, for error messages */
  source: string;
  /** creator columns (`created_by_id`, `updated_by_id`) exist on content-type tables, never exposed */
  hasCreatorColumns: boolean;
  /** the indexes the schema declares for the entity table (none when absent) */
  indexes?: SchemaIndex[];
  /**
   * Columns no attribute describes any more whose NULL still hides a row from every read: set
   * at start-up for rows kept hidden by `database.keepHiddenRows` (hidden-rows/reconcile.ts).
   * Absent on every other model.
   */
  hiddenRows?: readonly HiddenRowsColumn[];
}

/** A column whose NULL hides a row, and the column a new row copies into it (it is visible). */
export interface HiddenRowsColumn {
  column: string;
  fillFrom: string;
}

export interface ModelRegistry {
  get(uid: string): Model;
  find(uid: string): Model | undefined;
  has(uid: string): boolean;
  contentTypes(): Model[];
  components(): Model[];
  all(): Model[];
}
