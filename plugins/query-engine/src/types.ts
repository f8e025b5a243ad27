/**
 * The query engine's public contract: the parameters every read and write takes (the object
 * form of Strapi v4's REST query, shared by REST and GraphQL), the flat entities it returns,
 * and the extension points other plugins tap.
 */
import type { Knex } from 'knex';
import type { Model, ValidationIssue } from '@platform/core';

/** Strapi v4 filter object: `{ title: { $containsi: 'x' }, category: { name: 'y' }, $or: [...] }` */
export type Filters = Record<string, unknown>;

/**
 * A condition in SQL that an internal caller (a plugin's scope, a plugin's own read) puts in a
 * filter object under the SQL_CONDITION key: it adds its where-clauses to `qb` for the rows of
 * `alias` (the table alias of the filter's level, `${alias}.created_by_id`), AND-ed with the rest
 * of the object, parenthesized. It says in a subquery what a list of values would say in bound
 * values (an administrator's role members), so the statement stays the same size whatever the
 * data. A statement built with one is never cached: an object with a symbol has no key (shape-key.ts).
 */
export type SqlCondition = (qb: Knex.QueryBuilder, alias: string) => void;

/**
 * The key of a SqlCondition in a filter object: a registered symbol, which neither a query
 * string nor a JSON body can hold, so no client sends one (as POPULATE_OPTIONS).
 */
export const SQL_CONDITION: unique symbol = Symbol.for('platform.sql-condition');

/** A filter object holding only `condition`, to AND with others (`{ $and: [filters, sqlFilter(...)] }`) or push to a scope. */
export function sqlFilter(condition: SqlCondition): Filters {
  return { [SQL_CONDITION]: condition };
}

/** Every accepted sort form: `'a'`, `'a:desc'`, `'a,b:desc'`, `['a', 'b:desc']`, `{ a: 'desc' }`, `[{ a: 'asc' }]`, `'category.name'` */
export type SortInput = string | Array<string | Record<string, unknown>> | Record<string, unknown>;

/**
 * Every accepted populate form: `'*'`, `'a,b.c'`, `['a', 'b.c']`, `{ a: true, b: { populate: ... } }`,
 * and the mixes of them older clients send (`['x', { a: ... }]`, `{ 0: { a: ... }, 1: 'x' }`), merged into one.
 */
export type PopulateInput = string | Array<string | Record<string, unknown>> | Record<string, unknown>;

export interface PaginationInput {
  page?: number | string;
  pageSize?: number | string;
  start?: number | string;
  limit?: number | string;
  withCount?: boolean | string;
}

/**
 * A window: one parent's slice of a populated to-many relation, `limit` entries after the first
 * `offset` of that parent's list. The one statement of the invariant, which every other comment
 * points to:
 * - The list is the one the level would load without windows: the link's entries under the
 *   plugins' scope and the populate's `filters`, in the populate's `sort`, else in stored link
 *   order, then by link id.
 * - Each parent keeps the entries of its own list inside any of the level's windows (positions
 *   `offset + 1` to `offset + limit`, counted per parent), in list order, and nothing else; a
 *   parent whose list is shorter keeps what is there. An entry inside two windows is kept once
 *   (GraphQL hands them merged, in position order, to find each selection's page by position).
 * - A window never changes a count: `count: true` counts the whole list, and a relation's answer
 *   carries no page meta of its own (Strapi v4's `<Name>RelationResponseCollection` has `data`
 *   only; `meta.pagination` belongs to the root list, which windows do not touch). GraphQL finds
 *   each selection's page in the kept list (plugins/graphql/src/execution/list-windows.ts).
 * - The cut is made in the level's own statement (`ROW_NUMBER() OVER (PARTITION BY parent ...)`),
 *   so a level still costs one statement for all its parents (one per MAX_IDS_PER_QUERY of
 *   them), however many entries each links, and the levels below load for the kept entries only.
 * Set by an internal caller only, on the populated relation (`PopulateOptions.windows`).
 */
export interface PopulateWindow {
  offset: number;
  limit: number;
}

/**
 * What an internal caller sets on one populated attribute beside the options a client may send.
 * It sits under the POPULATE_OPTIONS symbol of the attribute's populate object, a key that
 * neither a query string nor a JSON body can hold, so no client reaches it (a REST client's
 * `populate[tags][windows]` is an unknown key, ignored).
 */
export interface PopulateOptions {
  /**
   * relations and attributes that hold entries: plugin parameters that differ from the root's
   * (GraphQL's `publicationState` argument of a relation field). The attribute's level and the
   * levels below it read with the root's parameters overridden by these.
   */
  params?: Record<string, unknown>;
  /** to-many relations: the windows each parent keeps of its list (see PopulateWindow) */
  windows?: PopulateWindow[];
}

/**
 * The key of an attribute's PopulateOptions in its populate object (a registered symbol, as the
 * other keys shared between packages, so a second copy of this module names the same key).
 */
export const POPULATE_OPTIONS: unique symbol = Symbol.for('platform.populate-options');

/** One attribute's populate in the object form, as internal callers build it. */
export interface PopulateAttribute {
  fields?: string[] | string;
  filters?: Filters;
  sort?: SortInput;
  populate?: PopulateInput;
  /** dynamic zones: per-component options; only the listed components' items appear */
  on?: Record<string, PopulateAttribute | boolean>;
  count?: boolean;
  [POPULATE_OPTIONS]?: PopulateOptions;
}

/**
 * Parameters of a read. Values may come straight from `qs` (strings); the engine validates and
 * converts them and answers a 400 ValidationError naming the bad parameter.
 */
export interface FindParams {
  fields?: string[] | string;
  filters?: Filters;
  sort?: SortInput;
  populate?: PopulateInput;
  pagination?: PaginationInput;
  /** draft & publish (`live` | `preview`), declared and interpreted by the draft-publish plugin */
  publicationState?: string;
  /** search text: `$containsi` over the searchable text attributes (Strapi v4's `_q`) */
  _q?: string;
  /** i18n locale code or `all`, declared and interpreted by the i18n plugin */
  locale?: string;
  /**
   * internal callers only: also return private attributes. Like `includeHidden`, it is listed
   * in the content-API contract's INTERNAL_PARAMS, so no transport takes it from a client.
   */
  includePrivate?: boolean;
  /**
   * internal callers only (never from a request): also find the entries plugins hide from a
   * request by default (drafts), at every level. The answer of a write reads its entry so.
   */
  includeHidden?: boolean;
  [pluginParameter: string]: unknown;
}

export interface WriteParams {
  data: Record<string, unknown>;
  fields?: FindParams['fields'];
  populate?: FindParams['populate'];
  locale?: string;
  publicationState?: string;
  [pluginParameter: string]: unknown;
}

/** Limits that differ between REST (`api.rest`) and GraphQL (`amountLimit`). */
export interface PaginationDefaults {
  defaultLimit: number;
  /** -1 or undefined: no maximum */
  maxLimit?: number;
  withCount?: boolean;
}

export type PageMeta = { page: number; pageSize: number; pageCount?: number; total?: number } | { start: number; limit: number; total?: number };

/**
 * A flat entry, JSON-ready: `{ id, <attributes in schema order>, createdAt, updatedAt, ... }`.
 * Scalars are formatted per type (datetime ISO string, date `YYYY-MM-DD`, biginteger string,
 * decimal number, json parsed). Populated relations, and attributes of plugin-provided types
 * that hold entries, are `Entity | Entity[] | null` (relations: or a RelationCount), components `Entity | Entity[] | null`, dynamic-zone items carry
 * `__component`. Private attributes are never present.
 */
export interface Entity {
  id: number;
  [attribute: string]: unknown;
}

/** What `populate[rel][count]=true` yields in place of the related entries. */
export class RelationCount {
  constructor(readonly count: number) {}
}

/** Extra conditions plugins add to a read, at the root and at every populated level. */
export interface ScopeContext {
  model: Model;
  /** the root request's parameters (publicationState, locale, ...) */
  params: FindParams;
  /** `root` for a list or count, `findOne` for a read by id, `populate` for a populated level */
  level: 'root' | 'findOne' | 'populate';
  /** push filter objects here; they are AND-ed with the request's filters (a condition in SQL: `sqlFilter`) */
  filters: Filters[];
}

/**
 * The unique check of one attribute on create/update: the write path looks for another entry
 * with the same value, AND-ed with the filters plugins push here (i18n pushes the entry's
 * locale, so unique and uid values are unique per locale).
 */
export interface UniqueScopeContext {
  model: Model;
  /** the attribute whose uniqueness is checked */
  attribute: string;
  action: 'create' | 'update';
  /** null on create */
  id: number | null;
  /** the incoming data, after the before* hooks ran */
  data: Record<string, unknown>;
  /** the stored entry on update */
  existing: Entity | null;
  /** push filter objects here */
  filters: Filters[];
}

/**
 * What the read hooks receive. In before* taps `params` may be changed (it is the request's
 * copy); after* taps see the `result` the caller will get.
 */
export interface ReadContext {
  action: 'findMany' | 'findOne';
  model: Model;
  params: FindParams;
  result?: Entity[] | Entity | null;
}

export interface WriteContext {
  action: 'create' | 'update' | 'delete';
  model: Model;
  /** null on create until the row exists */
  id: number | null;
  /** the incoming data; plugins may change it in before* hooks (publishedAt, locale) */
  data: Record<string, unknown>;
  params: WriteParams | FindParams;
  /** the stored entry (flat, scalars only) for update/delete */
  existing: Entity | null;
  /** set for after* hooks */
  result?: Entity | null;
  /**
   * Set by plugins in the `beforeValidate` hook: the entry may be incomplete (a draft), so
   * `required` attributes and minimum item counts are not enforced.
   */
  relaxRequired?: boolean;
}

/** The Strapi v4 lifecycle event handed to `lifecycles.ts` functions. */
export interface LifecycleEvent {
  action: string;
  model: Model;
  params: Record<string, unknown>;
  result?: unknown;
  state: Record<string, unknown>;
}

export type LifecycleName =
  | 'beforeCreate'
  | 'afterCreate'
  | 'beforeUpdate'
  | 'afterUpdate'
  | 'beforeDelete'
  | 'afterDelete'
  | 'beforeFindMany'
  | 'afterFindMany'
  | 'beforeFindOne'
  | 'afterFindOne'
  | 'beforeCount'
  | 'afterCount';

export type Lifecycles = Partial<Record<LifecycleName, (event: LifecycleEvent) => unknown | Promise<unknown>>>;

/** One entity service, shared by REST and GraphQL. `uid` is a content-type uid. */
export interface EntityService {
  findMany(uid: string, params?: FindParams): Promise<Entity[]>;
  findPage(uid: string, params?: FindParams, defaults?: PaginationDefaults): Promise<{ results: Entity[]; pagination: PageMeta }>;
  findOne(uid: string, id: number | string, params?: FindParams): Promise<Entity | null>;
  count(uid: string, params?: FindParams): Promise<number>;
  create(uid: string, params: WriteParams): Promise<Entity>;
  /** null when no entry has that id */
  update(uid: string, id: number | string, params: WriteParams): Promise<Entity | null>;
  /** the deleted entry, or null when no entry has that id */
  delete(uid: string, id: number | string, params?: FindParams): Promise<Entity | null>;
  /**
   * Deletes entries in one transaction, a fixed number of statements per slice of a few hundred
   * ids, each entry's hooks and lifecycles run as `delete` runs them: the deleted entries, in
   * the order of `ids` (an id that names none is left out).
   */
  deleteMany(uid: string, ids: readonly number[], params?: FindParams): Promise<Entity[]>;
}

/**
 * The relation writer the relations plugin registers as `plugin::relations.writer`. The query
 * engine calls it inside the write's transaction.
 */
export interface RelationWriter {
  /**
   * Checks the relation inputs found in `data` (connect/disconnect/set, ids exist, positions)
   * before anything is written. Throws ValidationError; `issues` (what the field kinds found
   * wrong with the entry's other linking attributes) are reported in the same error, after
   * the writer's own, so a request learns every missing id at once.
   */
  prepare(model: Model, data: Record<string, unknown>, options: { action: 'create' | 'update'; id: number | null; issues?: ValidationIssue[] }): Promise<PreparedRelations>;
  /** Writes the links of entry `id` as prepared. */
  apply(model: Model, id: number, prepared: PreparedRelations): Promise<void>;
  /** Removes every link (both directions) of the given entries. */
  deleteLinks(model: Model, ids: number[]): Promise<void>;
}

/** Opaque to the query engine: whatever the writer needs between prepare and apply. */
export interface PreparedRelations {
  readonly fields: string[];
}
