/**
 * The shapes schema sync works with: the tables the models need (desired), the tables the
 * database has (existing), and the changes between them (plan).
 */

/** A column kind, independent of the database; `column-types.ts` maps it per client. */
export type ColumnKind = 'increments' | 'string' | 'text' | 'integer' | 'bigInteger' | 'double' | 'decimal' | 'boolean' | 'json' | 'date' | 'time' | 'datetime';

export interface DesiredColumn {
  name: string;
  kind: ColumnKind;
  /** ids that point at another row (`int unsigned` on MariaDB, like the `id` they reference) */
  unsigned?: boolean;
  /**
   * Say `null` explicitly in the DDL. Strapi does so for model columns and not for some of its
   * bookkeeping tables; both are nullable.
   */
  explicitNull: boolean;
}

export interface DesiredIndex {
  name: string;
  columns: string[];
  unique: boolean;
  /**
   * An index platform adds beside Strapi's layout: created by the sync like the others, left out
   * of the schema recorded in `strapi_database_schema`, which stays the one Strapi would record.
   */
  extra?: true;
}

export interface DesiredForeignKey {
  name: string;
  column: string;
  referencedTable: string;
}

/**
 * What a table is for: entity and component tables are diffed column by column (a column the
 * schema no longer has is reported); link, join and bookkeeping tables only get what is missing.
 */
export type TableRole = 'entity' | 'link' | 'components' | 'bookkeeping';

export interface DesiredTable {
  name: string;
  role: TableRole;
  /** the schema file the table comes from, for warnings */
  source: string;
  columns: DesiredColumn[];
  indexes: DesiredIndex[];
  /** created with the table only (MariaDB and PostgreSQL); never added to an existing table */
  foreignKeys: DesiredForeignKey[];
}

export interface ExistingColumn {
  name: string;
  /** the type as the database reports it, lower case, without length/precision */
  type: string;
  nullable: boolean;
}

export interface ExistingIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

export interface ExistingTable {
  name: string;
  columns: Map<string, ExistingColumn>;
  indexes: Map<string, ExistingIndex>;
}

export type ExistingSchema = Map<string, ExistingTable>;

export interface SyncPlan {
  createTables: DesiredTable[];
  addColumns: Array<{ table: string; columns: DesiredColumn[] }>;
  addIndexes: Array<{ table: string; index: DesiredIndex }>;
  /** destructive or unsupported differences: reported, never applied */
  warnings: string[];
}
