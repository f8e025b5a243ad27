/**
 * The resolvers of a content-type's root fields. Each asks the content-API contract, as REST
 * does: `authorize` (in the guard around it, see ./guard.ts), `validateQuery`/`sanitizeQuery` on
 * the read it builds (the declared parameters only: `locale`, `publicationState` and any other
 * argument a plugin added pass through when their owner declared them), `sanitizeInput` on
 * `data` and `sanitizeOutput` on the answer. A whole selection is one entity-service call.
 */
import type { FieldNode, GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { Model, PluginContext } from '@platform/core';
import { parseId, type Entity, type EntityService, type FindParams, type PageMeta } from '@platform/query-engine';
import * as naming from '../naming';
import { toEngineFilters } from '../schema/filter-inputs';
import { collectFields, planEntities } from './plan';
import { enginePagination, type PaginationArgs, type ResolveSettings } from './settings';
import { toEngineData } from './input-data';
import type { GraphqlContext } from '../types';

type Args = Record<string, unknown>;
type RootResolver = GraphQLFieldResolver<unknown, GraphqlContext, Args>;

/** Arguments the generated resolvers read themselves; any other is a query parameter. */
const OWN_ARGS = new Set(['id', 'data', 'filters', 'pagination', 'sort']);

export interface RootDeps {
  platform: PluginContext;
  settings: ResolveSettings;
}

const entityService = (deps: RootDeps): EntityService => deps.platform.service('plugin::query-engine.entity-service');
const contract = (deps: RootDeps) => deps.platform.service('plugin::query-engine.content-api');

function pluginParams(args: Args): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) if (!OWN_ARGS.has(key) && value !== undefined && value !== null) out[key] = value;
  return out;
}

/** The read of an entity-response selection: its populate tree, plugin params, checked by the contract. */
async function readQuery(deps: RootDeps, model: Model, args: Args, context: GraphqlContext, info: GraphQLResolveInfo, responseType: string, extra: Record<string, unknown> = {}): Promise<FindParams> {
  const { populate, populateParams, populateWindows } = await planEntities(info, deps.platform.models, context, deps.settings, model, [...info.fieldNodes], responseType);
  const raw = { ...pluginParams(args), ...extra, populate };
  contract(deps).validateQuery(raw, context.contentApi);
  const query = contract(deps).sanitizeQuery(model, raw, context.contentApi);
  // internal parameters (no client sends them): the arguments plugins gave relation fields,
  // and the slice of each to-many relation's list
  const internal: FindParams = { ...query };
  if (Object.keys(populateParams).length > 0) internal.populateParams = populateParams;
  if (Object.keys(populateWindows).length > 0) internal.populateWindows = populateWindows;
  return internal;
}

const answer = (deps: RootDeps, model: Model, entity: Entity | null, context: GraphqlContext) => ({
  data: entity ? contract(deps).sanitizeOutput(model, entity, context.contentApi) : null,
});

function metaSelected(info: GraphQLResolveInfo, model: Model): boolean {
  return collectFields(
    info,
    info.fieldNodes.map((node: FieldNode) => node.selectionSet),
    naming.entityResponseCollectionName(model),
  ).has('meta');
}

/**
 * Strapi v4's GraphQL pagination meta, from the engine's (page or offset mode). `limit: -1`
 * asks for every entry from `start` (up to the cap): one page whose size is the number
 * returned, as Strapi v4 answers; when the cap cut the list, the pages are of the cap's size.
 */
function toPagination(meta: PageMeta, everything: { returned: number } | null): { total: number; page: number; pageSize: number; pageCount: number } {
  const total = meta.total ?? 0;
  if ('page' in meta) return { total, page: meta.page, pageSize: meta.pageSize, pageCount: meta.pageCount ?? Math.ceil(total / meta.pageSize) };
  if (meta.limit < 0 || (everything && meta.start + everything.returned >= total)) return { total, page: 1, pageSize: everything?.returned ?? Math.max(0, total - meta.start), pageCount: 1 };
  return { total, page: Math.floor(meta.start / meta.limit) + 1, pageSize: meta.limit, pageCount: Math.ceil(total / meta.limit) };
}

export function findResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseCollectionName(model);
  return async (_parent, args, context, info) => {
    const withCount = metaSelected(info, model);
    const filters = toEngineFilters(model, deps.platform.models, args.filters);
    const query = await readQuery(deps, model, args, context, info, responseType, {
      ...(filters && Object.keys(filters).length > 0 ? { filters } : {}),
      ...(Array.isArray(args.sort) && args.sort.length > 0 ? { sort: args.sort } : {}),
      pagination: enginePagination(args.pagination as PaginationArgs | undefined, withCount),
    });
    const { results, pagination } = await entityService(deps).findPage(model.uid, query, { defaultLimit: deps.settings.defaultLimit, maxLimit: deps.settings.maxLimit, withCount });
    return {
      data: contract(deps).sanitizeOutput(model, results, context.contentApi),
      meta: { pagination: withCount ? toPagination(pagination, (args.pagination as PaginationArgs | undefined)?.limit === -1 ? { returned: results.length } : null) : null },
    };
  };
}

export function findOneResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const query = await readQuery(deps, model, args, context, info, responseType);
    // An id that is no positive integer names no entry: `data: null`, as a missing one.
    const id = parseId(args.id as string | undefined);
    const entity = id === null ? null : await entityService(deps).findOne(model.uid, id, query);
    return answer(deps, model, entity, context);
  };
}

/**
 * The `<Name>EntityResponse` of entry `id` for the field being resolved (its selection as one
 * read), for resolvers extensions add: `includeHidden` also finds what the caller could not
 * list (the draft it just created).
 */
export async function readEntityResponse(deps: RootDeps, model: Model, id: number, context: GraphqlContext, info: GraphQLResolveInfo, options: { includeHidden?: boolean } = {}) {
  const query = await readQuery(deps, model, {}, context, info, naming.entityResponseName(model));
  const entity = await entityService(deps).findOne(model.uid, id, { ...query, ...(options.includeHidden ? { includeHidden: true } : {}) });
  return answer(deps, model, entity, context);
}

/** The `<Name>EntityResponse`s of entries `ids`, in that order, read as one query (a list field of an extension's mutation). */
export async function readEntityResponses(deps: RootDeps, model: Model, ids: number[], context: GraphqlContext, info: GraphQLResolveInfo, options: { includeHidden?: boolean } = {}) {
  if (ids.length === 0) return [];
  const query = await readQuery(deps, model, {}, context, info, naming.entityResponseName(model));
  const found = await entityService(deps).findMany(model.uid, {
    ...query,
    filters: { id: { $in: ids } },
    pagination: { start: 0, limit: ids.length, withCount: false },
    ...(options.includeHidden ? { includeHidden: true } : {}),
  });
  const byId = new Map(found.map((entity) => [entity.id, entity]));
  return ids.map((id) => answer(deps, model, byId.get(id) ?? null, context));
}

/** The entry of a single type (in the requested locale, among what the caller may see). */
export function singleResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const query = await readQuery(deps, model, args, context, info, responseType);
    const [entity] = await entityService(deps).findMany(model.uid, { ...query, pagination: { start: 0, limit: 1, withCount: false } });
    return answer(deps, model, entity ?? null, context);
  };
}

function writeData(deps: RootDeps, model: Model, args: Args, context: GraphqlContext): Record<string, unknown> {
  return contract(deps).sanitizeInput(model, toEngineData(model, deps.platform.models, args.data), context.contentApi);
}

export function createResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const query = await readQuery(deps, model, args, context, info, responseType);
    const entity = await entityService(deps).create(model.uid, { ...query, data: writeData(deps, model, args, context) });
    return answer(deps, model, entity, context);
  };
}

export function updateResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const query = await readQuery(deps, model, args, context, info, responseType);
    const data = writeData(deps, model, args, context);
    const id = parseId(args.id as string | undefined);
    const entity = id === null ? null : await entityService(deps).update(model.uid, id, { ...query, data });
    return answer(deps, model, entity, context);
  };
}

export function deleteResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const query = await readQuery(deps, model, args, context, info, responseType);
    const id = parseId(args.id as string | undefined);
    const entity = id === null ? null : await entityService(deps).delete(model.uid, id, query);
    return answer(deps, model, entity, context);
  };
}

/** How a write finds the one entry of a single type: in its locale, drafts included, only its id. */
async function singleEntryId(deps: RootDeps, model: Model, query: FindParams): Promise<number | null> {
  const lookup: FindParams = { includeHidden: true, pagination: { start: 0, limit: 1, withCount: false } };
  if (query.locale !== undefined) lookup.locale = query.locale;
  const [existing] = await entityService(deps).findMany(model.uid, lookup);
  return existing ? existing.id : null;
}

export function updateSingleResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const query = await readQuery(deps, model, args, context, info, responseType);
    const data = writeData(deps, model, args, context);
    const id = await singleEntryId(deps, model, query);
    const entity = id === null ? await entityService(deps).create(model.uid, { ...query, data }) : await entityService(deps).update(model.uid, id, { ...query, data });
    return answer(deps, model, entity, context);
  };
}

export function deleteSingleResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const query = await readQuery(deps, model, args, context, info, responseType);
    const id = await singleEntryId(deps, model, query);
    const entity = id === null ? null : await entityService(deps).delete(model.uid, id, query);
    return answer(deps, model, entity, context);
  };
}
