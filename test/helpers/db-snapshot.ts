/**
 * Snapshots of a database for schema-sync tests: its tables, columns and indexes (as schema
 * sync itself reads them), every row of every table, and on SQLite the exact DDL text.
 */
import type { Knex } from 'knex';
import type { DatabaseClient } from '@platform/core';
import { introspect } from '../../core/src/database/sync/introspect';

export interface TableSnapshot {
  columns: Array<{ name: string; type: string; nullable: boolean }>;
  indexes: Record<string, { columns: string[]; unique: boolean }>;
}

/** Tables by name, columns in table order, indexes by name; SQLite's own bookkeeping left out. */
export async function schemaSnapshot(knex: Knex, client: DatabaseClient): Promise<Record<string, TableSnapshot>> {
  const existing = await introspect(knex, client);
  const out: Record<string, TableSnapshot> = {};
  for (const [name, table] of [...existing].sort(([a], [b]) => a.localeCompare(b))) {
    if (name === 'sqlite_sequence') continue;
    const indexes: TableSnapshot['indexes'] = {};
    for (const index of [...table.indexes.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      indexes[index.name] = { columns: index.columns, unique: index.unique };
    }
    out[name] = { columns: [...table.columns.values()].map((c) => ({ name: c.name, type: c.type, nullable: c.nullable })), indexes };
  }
  return out;
}

/** The snapshot of one table; a missing table fails the test that asked for it. */
export function tableIn(schema: Record<string, TableSnapshot>, table: string): TableSnapshot {
  const snapshot = schema[table];
  if (!snapshot) throw new Error(`no table "${table}" in the snapshot (${Object.keys(schema).join(', ')})`);
  return snapshot;
}

/** Index names without the primary key's (MariaDB `PRIMARY`, PostgreSQL `<table>_pkey`). */
export function secondaryIndexNames(table: string, snapshot: TableSnapshot): string[] {
  return Object.keys(snapshot.indexes)
    .filter((name) => name !== 'PRIMARY' && name !== `${table}_pkey` && !name.startsWith('sqlite_autoindex_'))
    .sort();
}

/** Every row of every given table, in id order (row order on SQLite when there is no id). */
export async function rowsSnapshot(knex: Knex, tables: string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of [...tables].sort()) {
    out[table] = await knex(table).select('*').orderBy('id');
  }
  return out;
}

/** SQLite: the exact text of every table and index definition. */
export async function sqliteMaster(knex: Knex): Promise<Array<{ type: string; name: string; tbl_name: string; sql: string | null }>> {
  return knex.raw(`select type, name, tbl_name, sql from sqlite_master order by type, name`);
}

/** The statements of a `.sql` fixture: `--` comment lines dropped, split at the `;` that ends a line. */
export function sqlStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n')
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter(Boolean);
}
