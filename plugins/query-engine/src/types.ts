/**
 * The query engine's public contract: the parameters every read and write takes (the object
 * form of Strapi v4's REST query, shared by REST and GraphQL), the flat entities it returns,
 * and the extension points other plugins tap.
 */
import type { Model, ValidationIssue } from '@platform/core';

/** Strapi v4 filter object: `{ title: { $containsi: 'x' }, category: { name: 'y' }, $or: [...] }` */
export type Filters = Record<string, unknown>;

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
 * Parameters of a read. Values may come straight from `qs` (strings); the engine validates and
 * converts them and answers a 400 ValidationError naming the bad parameter.
 */
/** One parent's slice of a populated to-many list: `limit` entries after the first `offset`. */
export interface PopulateWindow {
  offset: number;
  limit: number;
}

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
  /**
   * internal callers only (never from a request): plugin parameters of populated relations
   * that differ from the root's, by the dotted path of the relation through the populate
   * (`tags`, `category.articles`, `seo.image`): the relation and the levels below it read with
   * the root's parameters overridden by these (GraphQL's `publicationState` argument of a
   * relation field).
   */
  populateParams?: Record<string, Record<string, unknown>>;
  /**
   * internal callers only (never from a request): per-parent slices of populated to-many
   * relations, by the same dotted paths. Each parent keeps only the entries of its list inside
   * one of the slices (entries `offset + 1` to `offset + limit`, in the list's order), cut in
   * SQL, so a relation with many links costs at most the slices' limits in rows per parent, and
   * the levels below load for the kept rows only.
   */
  populateWindows?: Record<string, PopulateWindow[]>;
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
  /** push filter objects here; they are AND-ed with the request's filters */
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
