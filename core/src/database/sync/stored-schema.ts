/**
 * Records the synced schema in `strapi_database_schema` as Strapi v4 does (one row: `schema`
 * json, `time`, `hash`), so the database says which layout it was last brought to.
 */
import crypto from 'node:crypto';
import type { Database } from '../database';
import type { DesiredColumn, DesiredTable } from './types';

const SCHEMA_TABLE = 'strapi_database_schema';

/** Strapi's column description: knex type name and arguments. */
function describeColumn(column: DesiredColumn) {
  const byKind: Record<DesiredColumn['kind'], { type: string; args: unknown[] }> = {
    increments: { type: 'increments', args: [{ primary: true, primaryKey: true }] },
    string: { type: 'string', args: [] },
    text: { type: 'text', args: ['longtext'] },
    integer: { type: 'integer', args: [] },
    bigInteger: { type: 'bigInteger', args: [] },
    double: { type: 'double', args: [] },
    decimal: { type: 'decimal', args: [10, 2] },
    boolean: { type: 'boolean', args: [] },
    json: { type: 'jsonb', args: [] },
    date: { type: 'date', args: [] },
    time: { type: 'time', args: [{ precision: 3 }] },
    datetime: { type: 'datetime', args: [{ useTz: true, precision: 6 }] },
  };
  return { name: column.name, ...byKind[column.kind], defaultTo: null, notNullable: column.kind === 'increments', unsigned: column.unsigned === true };
}

export function describeSchema(tables: readonly DesiredTable[]) {
  return {
    tables: tables
      .filter((table) => table.role !== 'bookkeeping')
      .map((table) => ({
        name: table.name,
        indexes: table.indexes
          .filter((index) => index.extra !== true)
          .map((index) => (index.unique ? { name: index.name, columns: index.columns, type: 'unique' } : { name: index.name, columns: index.columns })),
        foreignKeys: table.foreignKeys.map((fk) => ({ name: fk.name, columns: [fk.column], referencedTable: fk.referencedTable, referencedColumns: ['id'], onDelete: 'CASCADE' })),
        columns: table.columns.map(describeColumn),
      })),
  };
}

/** Replaces the stored schema row; called only after the sync changed the database. */
export async function storeSchema(db: Database, tables: readonly DesiredTable[]): Promise<void> {
  const schema = JSON.stringify(describeSchema(tables));
  const hash = crypto.createHash('md5').update(schema).digest('hex');
  await db.transaction(async (trx) => {
    await trx(SCHEMA_TABLE).delete();
    await trx(SCHEMA_TABLE).insert({ schema, time: new Date(), hash });
  });
}
