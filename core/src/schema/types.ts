/**
 * The Strapi v4 schema file format, unchanged: what a user writes in
 * `api/<api>/content-types/<type>/schema.json` and `components/<category>/<name>.json`.
 */
export type ScalarType =
  | 'string'
  | 'text'
  | 'richtext'
  | 'enumeration'
  | 'email'
  | 'password'
  | 'uid'
  | 'date'
  | 'time'
  | 'datetime'
  | 'timestamp'
  | 'integer'
  | 'biginteger'
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'json';

export type RelationKind = 'oneToOne' | 'oneToMany' | 'manyToOne' | 'manyToMany' | 'morphToOne' | 'morphToMany' | 'morphOne' | 'morphMany';

export const SCALAR_TYPES: readonly ScalarType[] = [
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
] as const;

/** Scalar types whose value is a string kept in a text column (varchar or long text). */
export const TEXT_SCALAR_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>(['string', 'text', 'richtext', 'enumeration', 'email', 'password', 'uid']);
/** The text types kept in a `varchar(255)` column; the others are long text. */
export const VARCHAR_SCALAR_TYPES: ReadonlySet<ScalarType> = new Set<ScalarType>(['string', 'enumeration', 'email', 'password', 'uid']);
/** The text types that hold readable content (all but passwords): searched by `_q`, sorted by code point. */
export const CONTENT_TEXT_TYPES: ReadonlySet<ScalarType> = new Set([...TEXT_SCALAR_TYPES].filter((type) => type !== 'password'));

/** The attribute types the kernel itself knows; plugins provide the others (see attribute-types.ts). */
export const ATTRIBUTE_TYPES = [...SCALAR_TYPES, 'relation', 'component', 'dynamiczone'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export interface AttributeBase {
  required?: boolean;
  unique?: boolean;
  private?: boolean;
  configurable?: boolean;
  /** false: the attribute is never taken from a request body (e.g. creator fields). */
  writable?: boolean;
  visible?: boolean;
  /** per-plugin options, keyed by plugin name; each plugin reads its own */
  pluginOptions?: Record<string, Record<string, unknown> | undefined>;
  /**
   * Set by a plugin on an attribute it adds when it hides the rows whose column is NULL from
   * the API (an unpublished entry has no publication date). The kernel remembers it in the database, so a
   * boot that no longer has the attribute (the plugin or its option switched off) while such
   * rows exist stops instead of serving them (hidden-rows/reconcile.ts).
   */
  hidesRowsWhenNull?: HiddenRowsDeclaration;
}

export interface HiddenRowsDeclaration {
  /** what a hidden row is called, singular (`entry`): the words of the boot error */
  noun: string;
  /** what making them visible is called (`publish`): the words of the boot error */
  reveal: string;
  /**
   * The attribute whose value fills the column of rows that exist when the column is added
   * (or comes back), so rows that were visible stay visible (`createdAt`).
   */
  revealFrom: string;
}

export interface ScalarAttribute extends AttributeBase {
  type: ScalarType;
  default?: unknown;
  min?: number | string;
  max?: number | string;
  minLength?: number;
  maxLength?: number;
  regex?: string;
  /** enumeration values */
  enum?: string[];
  /** uid: the attribute the value is derived from */
  targetField?: string;
  /** decimal/float hints kept from the schema file; not interpreted */
  column?: Record<string, unknown>;
}

export interface RelationAttribute extends AttributeBase {
  type: 'relation';
  relation: RelationKind;
  target?: string;
  mappedBy?: string;
  inversedBy?: string;
  morphBy?: string;
}

export interface ComponentAttribute extends AttributeBase {
  type: 'component';
  component: string;
  repeatable?: boolean;
  min?: number;
  max?: number;
}

export interface DynamicZoneAttribute extends AttributeBase {
  type: 'dynamiczone';
  components: string[];
  min?: number;
  max?: number;
}

/**
 * The attributes of the types plugins provide, by type name. A plugin that provides a type
 * declares its shape by merging into this interface, so schemas written in code type-check:
 *
 *   declare module '@platform/core' {
 *     interface ExtensionAttributeMap { color: ColorAttribute }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by each plugin's declaration merging (a type alias cannot be merged)
export interface ExtensionAttributeMap {}

export type ExtensionAttribute = ExtensionAttributeMap[keyof ExtensionAttributeMap];

export type Attribute = ScalarAttribute | RelationAttribute | ComponentAttribute | DynamicZoneAttribute | ExtensionAttribute;

export interface SchemaInfo {
  singularName?: string;
  pluralName?: string;
  displayName?: string;
  description?: string;
  name?: string;
  icon?: string;
}

/** An index on the entity table, in Strapi v4's schema format (`type: 'unique'` or none). */
export interface SchemaIndex {
  name: string;
  /** column names, as in the table (`folder_path`) */
  columns: string[];
  type?: 'unique' | null;
}

export interface ContentTypeSchema {
  kind: 'collectionType' | 'singleType';
  collectionName: string;
  /** indexes of the entity table besides those the kernel makes (uid, creator columns) */
  indexes?: SchemaIndex[];
  info: SchemaInfo & { singularName: string; pluralName: string };
  options?: { draftAndPublish?: boolean; populateCreatorFields?: boolean; [key: string]: unknown };
  /** per-plugin options, keyed by plugin name; each plugin reads its own */
  pluginOptions?: Record<string, Record<string, unknown> | undefined>;
  attributes: Record<string, Attribute>;
}

export interface ComponentSchema {
  collectionName: string;
  info: SchemaInfo;
  options?: Record<string, unknown>;
  attributes: Record<string, Attribute>;
}

/** Where a schema came from, so that every error can name the file. */
export interface SchemaSource {
  file: string;
}

export interface LoadedContentType {
  uid: string;
  /** `api` for app content-types, `plugin` for those a plugin contributes */
  namespace: 'api' | 'plugin';
  /** api name (`article` in `api::article.article`) or plugin name */
  apiName: string;
  schema: ContentTypeSchema;
  source: SchemaSource;
}

export interface LoadedComponent {
  /** `<category>.<name>` */
  uid: string;
  category: string;
  schema: ComponentSchema;
  source: SchemaSource;
}

/**
 * Every schema of the app before models are built. Plugins may add attributes in the kernel's
 * `extendSchemas` hook (a plugin may add attributes such as a locale or a publication date).
 */
export interface SchemaSet {
  contentTypes: Map<string, LoadedContentType>;
  components: Map<string, LoadedComponent>;
}
