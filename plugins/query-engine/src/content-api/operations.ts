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
  /** what the transport adds that no client sends (GraphQL's arguments of relation fields, list windows) */
  internal?: FindParams;
  /**
   * Who decides whether the caller may run the operation: the contract, from the caller's
   * rules (the default), or the transport, whose own rule for this field replaced the action's
   * check (GraphQL's resolversConfig `auth: false` or `auth: { scope }`, as Strapi v4 allows).
   */
  authorization?: 'contract' | 'transport';
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
  /** the client's parameters checked and sanitized, with the transport's internal ones */
  const query = (input: OperationInput): FindParams => {
    steps.validateQuery(input.query, input.context);
    return { ...steps.sanitizeQuery(models().get(input.uid), input.query, input.context), ...input.internal };
  };
  /** the query checked before the data, as Strapi v4 does; both sanitized */
  const write = (input: OperationInput & { data: unknown }): WriteParams => {
    steps.validateQuery(input.query, input.context);
    const model = models().get(input.uid);
    const data = steps.sanitizeInput(model, writePayload(input.data), input.context);
    return { ...readBack({ ...steps.sanitizeQuery(model, input.query, input.context), ...input.internal }), data };
  };
  const answer = <T extends Entity | Entity[] | null>(input: OperationInput, entity: T): T => (entity === null ? entity : steps.sanitizeOutput(models().get(input.uid), entity, input.context));
  const collection = <K extends keyof EntryStore>(input: OperationInput & Store<K>): Pick<EntryStore, K> => input.store ?? entityStore(entities, input.uid);
  const single = (input: OperationInput & { store?: SingleEntryStore }) => input.store ?? singleEntityStore(entities, input.uid);

  return {
    async find(input) {
      await authorize(input, 'find');
      const { results, pagination } = await collection(input).find(query(input), input.defaults);
      return { results: answer(input, results), pagination };
    },
    async findMany(input) {
      await authorize(input, 'find');
      return answer(input, await collection(input).findMany(query(input)));
    },
    async findOne(input) {
      await authorize(input, 'findOne');
      if (input.id === null) return null;
      const params = query(input);
      return answer(input, await collection(input).findOne(input.id, params));
    },
    async count(input) {
      await authorize(input, 'find');
      const { fields: _f, populate: _p, sort: _s, pagination: _g, ...counted } = query(input);
      return entities().count(input.uid, counted);
    },
    async create(input) {
      await authorize(input, 'create');
      return answer(input, await collection(input).create(write(input)));
    },
    async update(input) {
      await authorize(input, 'update');
      if (input.id === null) return null;
      const params = write(input);
      return answer(input, await collection(input).update(input.id, params));
    },
    async delete(input) {
      await authorize(input, 'delete');
      if (input.id === null) return null;
      const params = query(input);
      return answer(input, await collection(input).delete(input.id, params));
    },
    async findSingle(input) {
      await authorize(input, 'find');
      return answer(input, await single(input).find(query(input)));
    },
    async updateSingle(input) {
      await authorize(input, 'update');
      return answer(input, await single(input).createOrUpdate(write(input)));
    },
    async deleteSingle(input) {
      await authorize(input, 'delete');
      return answer(input, await single(input).delete(query(input)));
    },
  };
}
