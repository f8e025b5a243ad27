/**
 * The resolvers of a content-type's root fields. Each is one content-API operation
 * (`plugin::query-engine.content-api`: authorize, validate, sanitize, the entity service,
 * sanitize the answer), the same REST runs; a resolver only translates shapes: its arguments
 * and selection into the operation's parameters (the declared ones only: `locale`,
 * `publicationState` and any other argument a plugin added pass through when their owner
 * declared them), the sanitized entities into GraphQL's responses. The guard around a
 * generated field (./guard.ts) asks `authorize` first, as Strapi v4's pipeline does; the
 * operation reuses that decision. A whole selection is one entity-service call.
 */
import type { FieldNode, GraphQLFieldResolver, GraphQLResolveInfo } from 'graphql';
import type { Model, PluginContext } from '@platform/core';
import { parseId, selects, type ContentApi, type Entity, type FindParams, type OperationInput, type PageMeta } from '@platform/query-engine';
import * as naming from '../naming';
import { toEngineFilters } from '../schema/filter-inputs';
import { collectFields, planEntities } from './plan';
import { enginePagination, type PaginationArgs, type ResolveSettings } from './settings';
import { toEngineData } from './input-data';
import type { GraphqlContext, ResolverConfig } from '../types';

type Args = Record<string, unknown>;
type RootResolver = GraphQLFieldResolver<unknown, GraphqlContext, Args>;

/** Arguments the generated resolvers read themselves; any other is a query parameter. */
const OWN_ARGS = new Set(['id', 'data', 'filters', 'pagination', 'sort']);

export interface RootDeps {
  platform: PluginContext;
  settings: ResolveSettings;
  /** the extensions' `resolversConfig`, keyed `Query.articles` */
  resolversConfig: ReadonlyMap<string, ResolverConfig>;
}

const contentApi = (deps: RootDeps): ContentApi => deps.platform.service('plugin::query-engine.content-api');

function pluginParams(args: Args): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) if (!OWN_ARGS.has(key) && value !== undefined && value !== null) out[key] = value;
  return out;
}

/**
 * The operation's input for an entity-response selection: the client's parameters (plugin
 * arguments and the populate tree of the selection, whose relations carry the populate options
 * no client can send: the arguments plugins gave them, the windows of to-many lists).
 */
async function operationInput(
  deps: RootDeps,
  model: Model,
  args: Args,
  context: GraphqlContext,
  info: GraphQLResolveInfo,
  responseType: string,
  extra: Record<string, unknown> = {},
): Promise<OperationInput> {
  const populate = await planEntities(info, deps.platform.models, context, deps.settings, model, [...info.fieldNodes], responseType);
  return { uid: model.uid, context: context.contentApi, query: { ...pluginParams(args), ...extra, populate }, authorization: authorization(deps, info) };
}

/**
 * A field whose `resolversConfig` names its own `auth` (none, or a scope) was authorized by that
 * rule in the guard (./guard.ts), in place of its action, as Strapi v4 lets an extension decide.
 */
function authorization(deps: RootDeps, info: GraphQLResolveInfo): OperationInput['authorization'] {
  return deps.resolversConfig.get(`${info.parentType.name}.${info.fieldName}`)?.auth !== undefined ? 'transport' : 'contract';
}

const response = (data: Entity | null) => ({ data });

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
    const input = await operationInput(deps, model, args, context, info, responseType, {
      ...(filters && Object.keys(filters).length > 0 ? { filters } : {}),
      ...(Array.isArray(args.sort) && args.sort.length > 0 ? { sort: args.sort } : {}),
      pagination: enginePagination(args.pagination as PaginationArgs | undefined, withCount),
    });
    const { results, pagination } = await contentApi(deps).find({ ...input, defaults: { defaultLimit: deps.settings.defaultLimit, maxLimit: deps.settings.maxLimit, withCount } });
    return {
      data: results,
      meta: { pagination: withCount ? toPagination(pagination, (args.pagination as PaginationArgs | undefined)?.limit === -1 ? { returned: results.length } : null) : null },
    };
  };
}

export function findOneResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const input = await operationInput(deps, model, args, context, info, responseType);
    // An id that is no positive integer names no entry: `data: null`, as a missing one.
    return response(await contentApi(deps).findOne({ ...input, id: parseId(args.id as string | undefined) }));
  };
}

/**
 * An extension's read after its own write: the field's selection, checked and sanitized as an
 * operation's, authorized by the extension's resolver (no content-API action of its own);
 * `includeHidden` also finds what the caller could not list (the draft it just created).
 */
async function extensionRead(
  deps: RootDeps,
  model: Model,
  context: GraphqlContext,
  info: GraphQLResolveInfo,
  options: { includeHidden?: boolean },
  internal: FindParams = {},
): Promise<OperationInput> {
  const input = await operationInput(deps, model, {}, context, info, naming.entityResponseName(model));
  return { ...input, authorization: 'transport', internal: { ...internal, ...(options.includeHidden ? { includeHidden: true } : {}) } };
}

/** The `<Name>EntityResponse` of entry `id` for the field being resolved (its selection as one read), for resolvers extensions add. */
export async function readEntityResponse(deps: RootDeps, model: Model, id: number, context: GraphqlContext, info: GraphQLResolveInfo, options: { includeHidden?: boolean } = {}) {
  return response(await contentApi(deps).findOne({ ...(await extensionRead(deps, model, context, info, options)), id }));
}

/** The `<Name>EntityResponse`s of entries `ids`, in that order, read as one query (a list field of an extension's mutation). */
export async function readEntityResponses(deps: RootDeps, model: Model, ids: number[], context: GraphqlContext, info: GraphQLResolveInfo, options: { includeHidden?: boolean } = {}) {
  if (ids.length === 0) return [];
  const byIds: FindParams = { filters: { id: { $in: ids } }, pagination: { start: 0, limit: ids.length, withCount: false } };
  const found = await contentApi(deps).findMany(await extensionRead(deps, model, context, info, options, byIds));
  const byId = new Map(found.map((entity) => [entity.id, entity]));
  return ids.map((id) => response(byId.get(id) ?? null));
}

/** The entry of a single type (in the requested locale, among what the caller may see). */
export function singleResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const input = await operationInput(deps, model, args, context, info, responseType);
    return response(await contentApi(deps).findSingle(input));
  };
}

/** The mutation's `data` in the engine's shape (dynamic-zone items named by their component). */
const engineData = (deps: RootDeps, model: Model, args: Args) => toEngineData(model, deps.platform.models, args.data);

/** The values features' rules give a create of `model` when the client's data lacks them. */
function createDefaultsOf(deps: RootDeps, model: Model): Array<[string, unknown]> {
  const out: Record<string, unknown> = {};
  for (const rule of contentApi(deps).declarations.graphql.modelRules()) if (rule.createDefaults && selects(rule.models, model)) Object.assign(out, rule.createDefaults);
  return Object.entries(out);
}

/**
 * A create: the client's data, and what features declared a GraphQL create sets when the data
 * does not name it (draft & publish: `publishedAt: null`, a draft, as Strapi v4's GraphQL creates).
 */
export function createResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  const defaults = createDefaultsOf(deps, model);
  return async (_parent, args, context, info) => {
    const input = await operationInput(deps, model, args, context, info, responseType);
    const data = engineData(deps, model, args);
    for (const [key, value] of defaults) if (!Object.hasOwn(data, key)) data[key] = value;
    return response(await contentApi(deps).create({ ...input, data }));
  };
}

export function updateResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const input = await operationInput(deps, model, args, context, info, responseType);
    return response(await contentApi(deps).update({ ...input, id: parseId(args.id as string | undefined), data: engineData(deps, model, args) }));
  };
}

export function deleteResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const input = await operationInput(deps, model, args, context, info, responseType);
    return response(await contentApi(deps).delete({ ...input, id: parseId(args.id as string | undefined) }));
  };
}

export function updateSingleResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const input = await operationInput(deps, model, args, context, info, responseType);
    return response(await contentApi(deps).updateSingle({ ...input, data: engineData(deps, model, args) }));
  };
}

export function deleteSingleResolver(deps: RootDeps, model: Model): RootResolver {
  const responseType = naming.entityResponseName(model);
  return async (_parent, args, context, info) => {
    const input = await operationInput(deps, model, args, context, info, responseType);
    return response(await contentApi(deps).deleteSingle(input));
  };
}
