/**
 * The DDL of one column, one index, and (MariaDB) one whole table, built with knex's schema
 * builder so that every client gets its native types.
 */
import type { Knex } from 'knex';
import { InternalError } from '../../errors';
import type { DatabaseClient } from '../connection';
import { identifierName } from './plan';
import type { DesiredColumn, DesiredIndex, DesiredTable } from './types';

export function addColumn(t: Knex.CreateTableBuilder, column: DesiredColumn, client: DatabaseClient): void {
  let builder: Knex.ColumnBuilder;
  switch (column.kind) {
    case 'increments':
      t.increments(column.name);
      return;
    case 'string':
      builder = t.string(column.name);
      break;
    case 'text':
      builder = t.text(column.name, 'longtext');
      break;
    case 'integer':
      builder = t.integer(column.name);
      break;
    case 'bigInteger':
      builder = t.bigInteger(column.name);
      break;
    case 'double':
      builder = t.double(column.name);
      break;
    case 'decimal':
      builder = t.decimal(column.name, 10, 2);
      break;
    case 'boolean':
      builder = t.boolean(column.name);
      break;
    case 'json':
      // `json` keeps the value as written on every client, the order of object keys included
      // (PostgreSQL's jsonb would reorder them, so the same entry would read differently there).
      // A Strapi database's jsonb columns are served as they are.
      builder = t.json(column.name);
      break;
    case 'date':
      builder = t.date(column.name);
      break;
    case 'time':
      // millisecond precision, as Strapi stores times (`HH:mm:ss.SSS`)
      builder = client === 'sqlite' ? t.time(column.name) : t.specificType(column.name, 'time(3)');
      break;
    case 'datetime':
      builder = t.datetime(column.name, { useTz: true, precision: 6 });
      break;
  }
  // MariaDB: binary collation, so that `=`, LIKE and unique indexes are case- and
  // accent-sensitive there too, as on SQLite and PostgreSQL.
  if (client === 'mysql' && (column.kind === 'string' || column.kind === 'text')) builder.collate('utf8mb4_bin');
  if (column.unsigned) builder.unsigned();
  if (column.explicitNull) builder.nullable();
}

export function addIndex(t: Knex.CreateTableBuilder, index: DesiredIndex, client: DatabaseClient): void {
  const name = identifierName(index.name, client);
  if (index.unique) t.unique(index.columns, { indexName: name });
  else t.index(index.columns, name);
}

function quote(identifier: string): string {
  return `\`${identifier.replace(/`/g, '``')}\``;
}

/**
 * MariaDB: `CREATE TABLE` with the columns knex declares and the indexes (and, if asked, the
 * cascading foreign keys) inline, in one statement.
 */
export function mysqlCreateTable(knex: Knex | Knex.Transaction, table: DesiredTable, withForeignKeys: boolean): string {
  const statements = knex.schema
    .createTable(table.name, (t) => {
      for (const column of table.columns) addColumn(t, column, 'mysql');
    })
    .toSQL() as Array<{ sql: string }>;
  const [first] = statements;
  if (!first) throw new Error(`knex made no CREATE TABLE statement for "${table.name}"`);
  const create = first.sql;
  const columns = (names: string[]) => names.map(quote).join(', ');
  const clauses = table.indexes.map((index) => `${index.unique ? 'unique' : 'index'} ${quote(identifierName(index.name, 'mysql'))} (${columns(index.columns)})`);
  if (withForeignKeys) {
    for (const fk of table.foreignKeys) {
      clauses.push(`constraint ${quote(identifierName(fk.name, 'mysql'))} foreign key (${quote(fk.column)}) references ${quote(fk.referencedTable)} (\`id\`) on delete cascade`);
    }
  }
  const end = statements.length === 1 ? closingParen(create) : -1;
  if (end < 0) throw new InternalError('DDL_UNSUPPORTED', `unexpected CREATE TABLE from knex for "${table.name}": ${statements.map((s) => s.sql).join('; ')}`);
  // The clauses go inside the column list, before the table options knex appends (`default character set ...`).
  return clauses.length === 0 ? create : `${create.slice(0, end)}, ${clauses.join(', ')}${create.slice(end)}`;
}

/** The position of the `)` that closes the column list (types such as `decimal(10, 2)` nest; identifiers are quoted). */
function closingParen(sql: string): number {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < sql.length; i += 1) {
    const ch = sql[i];
    if (ch === '`') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}
