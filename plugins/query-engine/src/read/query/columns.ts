/**
 * The select list of a read: `alias.id` and the columns of the given fields. On SQLite a
 * biginteger column is read as text (`CAST(col AS TEXT)`): the driver returns integers as JS
 * numbers, which lose digits above 2^53. MariaDB and PostgreSQL already answer strings.
 * Lists are built once per (fields list, alias): visible field lists are cached per model.
 */
import type { Knex } from 'knex';
import type { ScalarField } from '@platform/core';
import type { Engine } from '../../engine';

export type SelectColumn = string | Knex.Raw;

const cache = new WeakMap<readonly ScalarField[], Map<string, SelectColumn[]>>();

export function selectColumns(engine: Engine, alias: string, fields: readonly ScalarField[]): SelectColumn[] {
  let byAlias = cache.get(fields);
  if (!byAlias) {
    byAlias = new Map();
    cache.set(fields, byAlias);
  }
  let columns = byAlias.get(alias);
  if (!columns) {
    columns = build(engine, alias, fields);
    byAlias.set(alias, columns);
  }
  return columns;
}

function build(engine: Engine, alias: string, fields: readonly ScalarField[]): SelectColumn[] {
  const sqlite = engine.platform.db.client === 'sqlite';
  const columns: SelectColumn[] = [`${alias}.id`];
  for (const field of fields) {
    if (field.column === 'id') continue;
    if (sqlite && field.type === 'biginteger') {
      columns.push(engine.platform.db.knex.raw('CAST(?? AS TEXT) as ??', [`${alias}.${field.column}`, field.column]));
    } else {
      columns.push(`${alias}.${field.column}`);
    }
  }
  return columns;
}
