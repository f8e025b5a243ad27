/**
 * The content-API operations: every transport's find, findOne, create, update, delete and count
 * of a content-type (and the single-type variants) run the same protocol here, once:
 *   authorize → (no entry for an id that names none) → validate the query → validate and
 *   sanitize the data → sanitize the query → the store (the entity service, or REST's core
 *   service) → sanitize the answer.
 * A transport only translates shapes: it hands over the client's parameters as it read them and
 * turns the sanitized entities into its answer (REST's `{ data, meta }`, GraphQL's responses).
 * The decisions are the request's (./access.ts): however many operations and fields a request
 * has, a guard is asked once.
 */
import { isPlainObject, ValidationError, type Model, type ModelRegistry } from '@platform/core';
import type { Entity, EntityService, FindParams, PageMeta, PaginationDefaults, WriteParams } from '../types';
import { entityStore, singleEntityStore, type EntryStore, type SingleEntryStore } from './entry-store';
import type { AuthorizeRequest, ContentApiAction, ContentApiContext } from './types';

/** The protocol's steps, as the contract answers them (./service.ts). */
export interface ProtocolSteps {
  authorize(request: AuthorizeRequest): Promise<void>;
  validateQuery(query: Record<string, unknown> | undefined, context: ContentApiContext): void;
  sanitizeQuery(model: Model, query: Record<string, unknown> | undefined, context: ContentApiContext): FindParams;
  sanitizeInput(model: Model, data: Record<string, unknown>, context: ContentApiContext): Record<string, unknown>;
  sanitizeOutput<T>(model: Model | undefined, data: T, context: ContentApiContext): T;
}

export interface OperationInput {
  /** the content-type, e.g. `api::article.article` */
  uid: string;
  context: ContentApiContext;
  /** the client's parameters as the transport read them (REST's query string, GraphQL's arguments) */
  query?: Record<string, unknown>;
  /** what the transport adds that no client sends (`includeHidden` for an extension's read after its own write) */
  internal?: FindParams;
  /**
   * Who decides whether the caller may run the operation: the contract, from the caller's
   * rules (the default), or the transport, whose own rule for this field replaced the action's
   * check (GraphQL's resolversConfig `auth: false` or `auth: { scope }`, as Strapi v4 allows).
   */
  authorization?: 'contract' | 'transport';
  /**
   * The transport's own versions of protocol steps, each run in place of the contract's. REST
   * passes those an app's controller overrides: Strapi v4's core `find` calls
   * `this.sanitizeQuery(ctx)` and `this.sanitizeOutput(results, ctx)`, so a controller that
   * overrides them and calls `super.find(ctx)` gets its own (which usually call the contract's
   * through `super` and reshape the result, possibly asynchronously).
   */
  steps?: TransportSteps;
}

/** Steps a transport may run in place of the contract's (see `OperationInput.steps`). */
export interface TransportSteps {
  validateQuery?(): void | Promise<void>;
  sanitizeQuery?(): FindParams | Promise<FindParams>;
  sanitizeInput?(data: Record<string, unknown>): Record<string, unknown> | Promise<Record<string, unknown>>;
  sanitizeOutput?<T>(data: T): T | Promise<T>;
}

/** An entry's id as the transport parsed it; null: the client named no entry (the answer is none). */
type EntryId = number | null;

/** The store of an operation: by default the entity service; a transport may pass what the operation uses. */
type Store<K extends keyof EntryStore> = { store?: Pick<EntryStore, K> };

export interface ContentOperations {
  find(input: OperationInput & Store<'find'> & { defaults?: PaginationDefaults }): Promise<{ results: Entity[]; pagination: PageMeta }>;
  /** the `find` action answered as a plain list, without page meta */
  findMany(input: OperationInput & Store<'findMany'>): Promise<Entity[]>;
  findOne(input: OperationInput & Store<'findOne'> & { id: EntryId }): Promise<Entity | null>;
  /** the `find` action's count: the query's filters and plugin parameters, no fields, populate, sort or page */
  count(input: OperationInput): Promise<number>;
  /** `data` as the client sent it: a 400 `Missing "data" payload in the request body` when it is no object */
  create(input: OperationInput & Store<'create'> & { data: unknown }): Promise<Entity>;
  update(input: OperationInput & Store<'update'> & { id: EntryId; data: unknown }): Promise<Entity | null>;
  delete(input: OperationInput & Store<'delete'> & { id: EntryId }): Promise<Entity | null>;
  findSingle(input: OperationInput & { store?: SingleEntryStore }): Promise<Entity | null>;
  /** updates the single type's entry, or creates it when there is none */
  updateSingle(input: OperationInput & { data: unknown; store?: SingleEntryStore }): Promise<Entity | null>;
  deleteSingle(input: OperationInput & { store?: SingleEntryStore }): Promise<Entity | null>;
}

/** A write reads back with the read parameters of the query (fields, populate, plugins' own) only. */
function readBack(query: FindParams): Omit<FindParams, 'filters' | 'sort' | 'pagination'> {
  const { filters: _f, sort: _s, pagination: _p, ...rest } = query;
  return rest;
}

/** A write's `data` as the client sent it: a 400 when it is no object, as Strapi v4 answers. */
export function writePayload(data: unknown): Record<string, unknown> {
  if (!isPlainObject(data)) throw new ValidationError('Missing "data" payload in the request body', {});
  return data;
}

export function createOperations(steps: ProtocolSteps, models: () => ModelRegistry, entities: () => EntityService): ContentOperations {
  const authorize = async (input: OperationInput, action: ContentApiAction): Promise<void> => {
    if (input.authorization !== 'transport') await steps.authorize({ context: input.context, uid: input.uid, action });
  };
  const validate = async (input: OperationInput): Promise<void> => {
    if (input.steps?.validateQuery) await input.steps.validateQuery();
    else steps.validateQuery(input.query, input.context);
  };
  const sanitizedQuery = async (input: OperationInput, model: Model): Promise<FindParams> =>
    input.steps?.sanitizeQuery ? await input.steps.sanitizeQuery() : steps.sanitizeQuery(model, input.query, input.context);
  /** the client's parameters checked and sanitized, with the transport's internal ones */
  const query = async (input: OperationInput): Promise<FindParams> => {
    await validate(input);
    return { ...(await sanitizedQuery(input, models().get(input.uid))), ...input.internal };
  };
  /** the query checked before the data, as Strapi v4 does; both sanitized */
  const write = async (input: OperationInput & { data: unknown }): Promise<WriteParams> => {
    await validate(input);
    const model = models().get(input.uid);
    const payload = writePayload(input.data);
    const data = input.steps?.sanitizeInput ? await input.steps.sanitizeInput(payload) : steps.sanitizeInput(model, payload, input.context);
    return { ...readBack({ ...(await sanitizedQuery(input, model)), ...input.internal }), data };
  };
  const answer = async <T extends Entity | Entity[] | null>(input: OperationInput, entity: T): Promise<T> => {
    if (entity === null) return entity;
    return input.steps?.sanitizeOutput ? await input.steps.sanitizeOutput(entity) : steps.sanitizeOutput(models().get(input.uid), entity, input.context);
  };
  const collection = <K extends keyof EntryStore>(input: OperationInput & Store<K>): Pick<EntryStore, K> => input.store ?? entityStore(entities, input.uid);
  const single = (input: OperationInput & { store?: SingleEntryStore }) => input.store ?? singleEntityStore(entities, input.uid);

  return {
    async find(input) {
      await authorize(input, 'find');
      const { results, pagination } = await collection(input).find(await query(input), input.defaults);
      return { results: await answer(input, results), pagination };
    },
    async findMany(input) {
      await authorize(input, 'find');
      return answer(input, await collection(input).findMany(await query(input)));
    },
    async findOne(input) {
      await authorize(input, 'findOne');
      if (input.id === null) return null;
      const params = await query(input);
      return answer(input, await collection(input).findOne(input.id, params));
    },
    async count(input) {
      await authorize(input, 'find');
      const { fields: _f, populate: _p, sort: _s, pagination: _g, ...counted } = await query(input);
      return entities().count(input.uid, counted);
    },
    async create(input) {
      await authorize(input, 'create');
      return answer(input, await collection(input).create(await write(input)));
    },
    async update(input) {
      await authorize(input, 'update');
      if (input.id === null) return null;
      const params = await write(input);
      return answer(input, await collection(input).update(input.id, params));
    },
    async delete(input) {
      await authorize(input, 'delete');
      if (input.id === null) return null;
      const params = await query(input);
      return answer(input, await collection(input).delete(input.id, params));
    },
    async findSingle(input) {
      await authorize(input, 'find');
      return answer(input, await single(input).find(await query(input)));
    },
    async updateSingle(input) {
      await authorize(input, 'update');
      return answer(input, await single(input).createOrUpdate(await write(input)));
    },
    async deleteSingle(input) {
      await authorize(input, 'delete');
      return answer(input, await single(input).delete(await query(input)));
    },
  };
}
