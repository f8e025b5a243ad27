/**
 * Compiled statements of the reads whose SQL depends on a few parameters only (a read by id, a
 * page without filters or sort, its count): knex builds and compiles such a statement once per
 * shape, and later requests of the shape run its SQL text with their own bindings. A shape is
 * named by a key the caller makes from everything the statement is built from (shape-key.ts);
 * a read whose key is null is built as before, every time.
 */
import type { Knex } from 'knex';
import type { Model } from '@platform/core';
import type { Engine } from '../../engine';
import { scopeAsks } from './scope';

/** SQL text with `?` placeholders and its bindings, as `QueryBuilder#toSQL()` gives them. */
export interface Statement {
  sql: string;
  bindings: readonly unknown[];
  /** false: its build depended on more than its key says (plugins were asked for a related scope); never kept */
  reusable?: boolean;
}

/**
 * A cached shape: its SQL, its bindings, and where the ids go in them (none for a fixed shape):
 * `idPlaces[i]` is a binding that takes the id at `idIndexes[i]` of the call's ids.
 */
interface Shape {
  statement: Statement;
  idPlaces: readonly number[];
  idIndexes: readonly number[];
}

/**
 * How the read path runs its statements (`Database#select`): their rows are only formatted
 * (formatRow), so PostgreSQL's timestamps may come as ISO text rather than Dates.
 */
export const READ_OPTIONS = { isoTimestamps: true } as const;

/** Shapes kept per model; the oldest is dropped past this (a client can vary its parameters at will). */
const SHAPES_PER_MODEL = 256;

export class StatementShapes {
  private readonly shapes = new Map<string, Shape>();

  constructor(private readonly size = SHAPES_PER_MODEL) {}

  get count(): number {
    return this.shapes.size;
  }

  /** The statement of a shape that has no variable part: built on the first call, then reused. */
  fixed(key: string | null, build: () => Statement): Statement {
    if (key === null) return build();
    const shape = this.shapes.get(key);
    if (shape) return shape.statement;
    const built = build();
    if (built.reusable !== false) this.keep(key, { statement: { sql: built.sql, bindings: [...built.bindings] }, idPlaces: [], idIndexes: [] });
    return built;
  }

  /**
   * The statement of a shape whose only variable part is an id. On the first call it is built
   * twice, with `id` and with the next id: the bindings that differ are where the id goes. A
   * shape whose SQL text, binding count or other bindings change with the id is never kept.
   */
  withId(key: string | null, id: number, build: (id: number) => Statement): Statement {
    return this.withIds(key, [id], ([value]) => build(value as number), [id + 1]);
  }

  /**
   * The statement of a shape whose only variable part is a list of ids (an `IN (...)` of the
   * length the key names). On the first call it is built twice, with `ids` and with `probes`
   * (by default negative stand-ins no entry has, one per position): a binding that holds a
   * probe takes the id at its position. A shape whose SQL text, binding count or other
   * bindings change is never kept.
   */
  withIds(key: string | null, ids: readonly number[], build: (ids: readonly number[]) => Statement, probes: readonly number[] = ids.map((_, index) => -1 - index)): Statement {
    if (key === null) return build(ids);
    const shape = this.shapes.get(key);
    if (shape) return filled(shape, ids);
    const built = build(ids);
    const other = build(probes);
    const places = idPlaces(built, other, ids, probes);
    if (places && built.reusable !== false && other.reusable !== false) this.keep(key, { statement: { sql: built.sql, bindings: [...built.bindings] }, ...places });
    return built;
  }

  private keep(key: string, shape: Shape): void {
    if (this.shapes.size >= this.size) this.shapes.delete(this.shapes.keys().next().value as string);
    this.shapes.set(key, shape);
  }
}

/** A shape's statement with `ids` in their places. */
function filled(shape: Shape, ids: readonly number[]): Statement {
  const bindings = shape.statement.bindings.slice();
  for (let i = 0; i < shape.idPlaces.length; i++) bindings[shape.idPlaces[i] as number] = ids[shape.idIndexes[i] as number];
  return { sql: shape.statement.sql, bindings };
}

/**
 * Where `b` has a probe and `a` the id at the probe's position, if that is the only difference
 * between them; null otherwise (or when no binding holds an id).
 */
function idPlaces(a: Statement, b: Statement, ids: readonly number[], probes: readonly number[]): { idPlaces: number[]; idIndexes: number[] } | null {
  if (a.sql !== b.sql || a.bindings.length !== b.bindings.length) return null;
  const positionOf = new Map(probes.map((probe, index) => [probe, index]));
  const places: number[] = [];
  const indexes: number[] = [];
  for (let i = 0; i < a.bindings.length; i++) {
    if (a.bindings[i] === b.bindings[i]) continue;
    const index = positionOf.get(b.bindings[i] as number);
    if (index === undefined || a.bindings[i] !== ids[index]) return null;
    places.push(i);
    indexes.push(index);
  }
  return places.length > 0 ? { idPlaces: places, idIndexes: indexes } : null;
}

interface ModelShapes {
  /** the model's hidden-row columns the shapes were built with (a new list drops them) */
  hiddenRows: Model['hiddenRows'];
  shapes: StatementShapes;
}

const byEngine = new WeakMap<Engine, WeakMap<Model, ModelShapes>>();

/** The shapes of one model's reads in one engine (so one database client). */
export function shapesOf(engine: Engine, model: Model): StatementShapes {
  let byModel = byEngine.get(engine);
  if (!byModel) {
    byModel = new WeakMap();
    byEngine.set(engine, byModel);
  }
  let entry = byModel.get(model);
  if (!entry || entry.hiddenRows !== model.hiddenRows) {
    entry = { hiddenRows: model.hiddenRows, shapes: new StatementShapes() };
    byModel.set(model, entry);
  }
  return entry.shapes;
}

/**
 * The statement of the builder `build` makes, compiled by knex, not run. Reusable unless plugins
 * were asked for a scope while it was built (a deep condition in a plugin's scope reaches a
 * related content-type, whose scope depends on parameters no key holds).
 */
export function compile(build: () => Knex.QueryBuilder): Statement {
  const before = scopeAsks();
  const { sql, bindings } = build().toSQL();
  return { sql, bindings, reusable: scopeAsks() === before };
}
