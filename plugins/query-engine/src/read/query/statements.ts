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
   * twice, with `id` and with another id: the bindings that differ are where the id goes. A
   * shape whose SQL text, binding count or other bindings change with the id is never kept.
   */
  withId(key: string | null, id: number, build: (id: number) => Statement): Statement {
    if (key === null) return build(id);
    const shape = this.shapes.get(key);
    if (shape) return filled(shape, [id]);
    const built = build(id);
    const probe = id + 1;
    const other = build(probe);
    const idPlaces = placesOf(built, other, id, probe);
    if (idPlaces && built.reusable !== false && other.reusable !== false) this.keep(key, { statement: { sql: built.sql, bindings: [...built.bindings] }, idPlaces, idIndexes: idPlaces.map(() => 0) });
    return built;
  }

  /**
   * The statement of a shape whose only variable part is a list of ids (an `IN (...)` of the
   * length the key names). On the first call it is built twice, with `ids` and with negative
   * stand-ins no entry has, one per position: a binding that holds a stand-in takes the id at
   * its position. A shape whose SQL text, binding count or other bindings change is never kept.
   */
  withIds(key: string | null, ids: readonly number[], build: (ids: readonly number[]) => Statement): Statement {
    if (key === null) return build(ids);
    const shape = this.shapes.get(key);
    if (shape) return filled(shape, ids);
    const built = build(ids);
    const other = build(ids.map((_, index) => standIn(index)));
    const places = standInPlaces(built, other, ids);
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

/** The stand-in for the id at `index`: negative, which no stored id is. */
const standIn = (index: number) => -1 - index;

/** Where `b` has a stand-in and `a` the id at the stand-in's position, if that is the only difference between them; null otherwise. */
function standInPlaces(a: Statement, b: Statement, ids: readonly number[]): { idPlaces: number[]; idIndexes: number[] } | null {
  if (a.sql !== b.sql || a.bindings.length !== b.bindings.length) return null;
  const idPlaces: number[] = [];
  const idIndexes: number[] = [];
  for (let i = 0; i < a.bindings.length; i++) {
    if (a.bindings[i] === b.bindings[i]) continue;
    const other = b.bindings[i];
    const index = typeof other === 'number' ? -1 - other : -1;
    if (index < 0 || index >= ids.length || a.bindings[i] !== ids[index]) return null;
    idPlaces.push(i);
    idIndexes.push(index);
  }
  return idPlaces.length > 0 ? { idPlaces, idIndexes } : null;
}

/** Where `a` has `id` and `b` has `probe`, if that is the only difference between them; null otherwise. */
function placesOf(a: Statement, b: Statement, id: number, probe: number): number[] | null {
  if (a.sql !== b.sql || a.bindings.length !== b.bindings.length) return null;
  const places: number[] = [];
  for (let i = 0; i < a.bindings.length; i++) {
    if (a.bindings[i] === b.bindings[i]) continue;
    if (a.bindings[i] !== id || b.bindings[i] !== probe) return null;
    places.push(i);
  }
  return places.length > 0 ? places : null;
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
