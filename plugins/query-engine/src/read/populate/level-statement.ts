/**
 * The statement that reads one populated level for a slice of parent ids. A level whose SQL
 * depends only on what its key names (the link, the fields, the plugins' scope, no filters or
 * sort of the request) is compiled once per shape and run again with the ids as bindings
 * (statements.ts); any other level is built and run as before, every time.
 *
 * The ids are padded with their last one (an `IN` list ignores repeats) to a power of two, so
 * a level has a handful of shapes, not one per number of parents.
 */
import type { Knex } from 'knex';
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import { shapeKey } from '../query/shape-key';
import { compile, READ_OPTIONS, shapesOf } from '../query/statements';
import { MAX_IDS_PER_QUERY } from './target-query';

type Row = Record<string, unknown>;

/**
 * The rows of `build(ids)`, a SELECT of `model`'s level whose ids appear only as its bindings.
 * `key` names everything else the statement is built from; null: no compiled shape.
 */
export async function levelRows(engine: Engine, model: Model, key: readonly unknown[] | null, ids: number[], build: (ids: readonly number[]) => Knex.QueryBuilder): Promise<Row[]> {
  const text = key === null || ids.length === 0 ? null : shapeKey([...key, paddedLength(ids.length)]);
  if (text === null) return (await build(ids)) as Row[];
  const statement = shapesOf(engine, model).withIds(text, padded(ids), (values) => compile(() => build(values)));
  return engine.ctx.db.select(statement, READ_OPTIONS);
}

/** The next power of two from `count`, at most the ids of one query. */
export function paddedLength(count: number): number {
  let length = 1;
  while (length < count) length *= 2;
  return Math.min(length, Math.max(count, MAX_IDS_PER_QUERY));
}

function padded(ids: number[]): number[] {
  const length = paddedLength(ids.length);
  if (length === ids.length) return ids;
  const out = ids.slice();
  const last = ids[ids.length - 1] as number;
  while (out.length < length) out.push(last);
  return out;
}
