/**
 * Reads every table, column and index of the database in one pass: two queries per client
 * (SQLite's table-valued PRAGMA functions, MariaDB's information_schema, PostgreSQL's catalog).
 */
import type { Knex } from 'knex';
import type { DatabaseClient } from '../connection';
import { normalizeType } from './column-types';
import type { ExistingSchema, ExistingTable } from './types';

interface ColumnRow {
  table_name: string;
  column_name: string;
  column_type: string | null;
  nullable: number | boolean | string;
}

interface IndexRow {
  table_name: string;
  index_name: string;
  is_unique: number | boolean | string;
  column_name: string | null;
}

const QUERIES: Record<DatabaseClient, { columns: string; indexes: string }> = {
  sqlite: {
    columns: `select m.name as table_name, p.name as column_name, p.type as column_type, (p."notnull" = 0 and p.pk = 0) as nullable
      from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\' order by m.name, p.cid`,
    indexes: `select m.name as table_name, il.name as index_name, il."unique" as is_unique, ii.name as column_name
      from sqlite_master m join pragma_index_list(m.name) il join pragma_index_info(il.name) ii
      where m.type = 'table' and m.name not like 'sqlite\\_%' escape '\\' order by m.name, il.name, ii.seqno`,
  },
  mysql: {
    columns: `select c.TABLE_NAME as table_name, c.COLUMN_NAME as column_name, c.DATA_TYPE as column_type, c.IS_NULLABLE = 'YES' as nullable
      from information_schema.COLUMNS c join information_schema.TABLES t on t.TABLE_SCHEMA = c.TABLE_SCHEMA and t.TABLE_NAME = c.TABLE_NAME
      where c.TABLE_SCHEMA = database() and t.TABLE_TYPE = 'BASE TABLE' order by c.TABLE_NAME, c.ORDINAL_POSITION`,
    indexes: `select TABLE_NAME as table_name, INDEX_NAME as index_name, NON_UNIQUE = 0 as is_unique, COLUMN_NAME as column_name
      from information_schema.STATISTICS where TABLE_SCHEMA = database() order by TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
  },
  postgres: {
    columns: `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as column_type, not a.attnotnull as nullable
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    indexes: `select t.relname as table_name, i.relname as index_name, ix.indisunique as is_unique, a.attname as column_name
      from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_class t on t.oid = ix.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      cross join lateral unnest(ix.indkey) with ordinality as k(attnum, ord)
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
      where n.nspname = current_schema() and t.relkind in ('r', 'p')
      order by t.relname, i.relname, k.ord`,
  },
};

function truthy(value: number | boolean | string): boolean {
  return value === true || value === 1 || value === '1' || value === 't';
}

/** `knex.raw` answers an array (SQLite), `[rows, fields]` (mysql2) or `{ rows }` (pg). */
function rowsOf<T>(client: DatabaseClient, result: unknown): T[] {
  if (client === 'mysql') return (result as [T[]])[0];
  if (client === 'postgres') return (result as { rows: T[] }).rows;
  return result as T[];
}

export async function introspect(knex: Knex, client: DatabaseClient): Promise<ExistingSchema> {
  const queries = QUERIES[client];
  const [columnResult, indexResult] = await Promise.all([knex.raw(queries.columns), knex.raw(queries.indexes)]);
  const schema: ExistingSchema = new Map();
  const table = (name: string): ExistingTable => {
    let found = schema.get(name);
    if (!found) {
      found = { name, columns: new Map(), indexes: new Map() };
      schema.set(name, found);
    }
    return found;
  };
  for (const row of rowsOf<ColumnRow>(client, columnResult)) {
    table(row.table_name).columns.set(row.column_name, {
      name: row.column_name,
      type: normalizeType(row.column_type ?? ''),
      nullable: truthy(row.nullable),
    });
  }
  for (const row of rowsOf<IndexRow>(client, indexResult)) {
    const { indexes } = table(row.table_name);
    let index = indexes.get(row.index_name);
    if (!index) {
      index = { name: row.index_name, columns: [], unique: truthy(row.is_unique) };
      indexes.set(row.index_name, index);
    }
    // An expression index has no column name; it still counts as present.
    if (row.column_name) index.columns.push(row.column_name);
  }
  return schema;
}
