/**
 * The select list of a read: `alias.id` and the columns of the given fields. On SQLite a
 * biginteger column is read as text (`CAST(col AS TEXT)`): the driver returns integers as JS
 * numbers, which lose digits above 2^53 (MariaDB and PostgreSQL already answer strings).
 * Lists are built once per (fields list, alias), as one raw SQL fragment with the identifiers
 * already quoted, so knex does not split and quote every column of every query again; visible
 * field lists are cached per model, so the default list is built once per model and alias.
 */
import type { Knex } from 'knex';
import type { ScalarField } from '@platform/core';
import type { Engine } from '../../engine';
import { readCast } from '../../stored-value';

export type SelectColumn = Knex.Raw;

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
  const knex = engine.ctx.db.knex;
  const parts: string[] = ['??'];
  const bindings: string[] = [`${alias}.id`];
  for (const field of fields) {
    if (field.column === 'id') continue;
    const cast = readCast(engine.ctx.db.client, field.type);
    if (cast) {
      parts.push(`CAST(?? AS ${cast}) as ??`);
      bindings.push(`${alias}.${field.column}`, field.column);
    } else {
      parts.push('??');
      bindings.push(`${alias}.${field.column}`);
    }
  }
  // quoted once by the dialect, then kept as SQL without bindings
  const sql = knex.raw(parts.join(', '), bindings).toSQL().sql;
  return [knex.raw(sql)];
}
