/**
 * The graphql plugin's public types: its configuration, the context every resolver receives,
 * and what an extension (`extension.use(...)`) may contribute.
 */
import type { GraphQLFieldResolver, GraphQLResolveInfo, GraphQLNamedType } from 'graphql';
import type { SchemaComposer, AnyTypeComposer, NamedTypeComposer } from 'graphql-compose';
import type { Model, ModelRegistry, PluginContext, PolicyContext, RequestContext, RequestState } from '@platform/core';
import type { ContentApiAction, ContentApiContext } from '@platform/query-engine';
import type * as naming from './naming';

export interface GraphqlConfig extends Record<string, unknown> {
  /** path of the endpoint, outside the REST prefix */
  endpoint: string;
  /** generate the types, queries, mutations and resolvers of the content-types */
  shadowCRUD: boolean;
  /** the console also in production */
  playgroundAlways: boolean;
  /** the deepest nesting of fields an operation may select; deeper is refused before it runs */
  depthLimit: number;
  /** no list in a response is larger; a pageSize or limit above it is capped */
  amountLimit: number;
  /** the page size when none is asked for (Strapi v4: 10) */
  defaultLimit: number;
  /** a lower cap than amountLimit for lists (-1: amountLimit alone) */
  maxLimit: number;
  /**
   * The cost budget of one operation: every selected field costs 1 and every field that reads
   * entries (a root query or mutation, a relation, media) costs `entryFieldCost` more, counted
   * through fragments and aliases as many times as they are used. Over it: a 400 before anything runs.
   */
  maxCost: number;
  entryFieldCost: number;
  /** the most tokens a document may have (parsing stops there: a 400) */
  maxTokens: number;
  /** write the app's `schema.graphql` at start (default: under NODE_ENV development, as `platform develop` runs) */
  writeSchemaFile?: boolean;
  apolloServer: {
    /** introspection queries answered (default: everywhere but production) */
    introspection?: boolean;
    /** per-field timing in `extensions.tracing` of every answer */
    tracing?: boolean;
  };
}

/** What every resolver gets as its context. */
export interface GraphqlContext {
  /** the HTTP request (koa context) */
  http: RequestContext;
  state: RequestState;
  /** the content-API context of the request (`transport: 'graphql'`) */
  contentApi: ContentApiContext;
  /** whether the caller may run `action` on `uid` (the request's decisions, made once: the contract's `can`) */
  isAllowed(uid: string, action: ContentApiAction): Promise<boolean>;
  /** per-field timing when tracing is on */
  tracing?: FieldTimings;
  /** what extensions keep for the request (a resolver's own cache, say) */
  [key: PropertyKey]: unknown;
}

export interface FieldTiming {
  path: Array<string | number>;
  parentType: string;
  fieldName: string;
  returnType: string;
  startOffset: number;
  duration: number;
}

export interface FieldTimings {
  startedAt: bigint;
  resolvers: FieldTiming[];
}

/**
 * What a policy of a `resolversConfig` entry receives: Strapi v4's GraphQL policy context
 * (`parent`, `args`, `context`, `info`, `state`, `http`, `type` and `is`), and `ctx`/`route` as a
 * REST route's policies get them, so one registered policy guards both.
 */
export interface GraphqlPolicyContext extends PolicyContext {
  type: 'graphql';
  is(type: string): boolean;
  parent: unknown;
  args: Record<string, unknown>;
  context: GraphqlContext;
  info: GraphQLResolveInfo;
  state: RequestState;
  http: RequestContext;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a policy that allows may return nothing, sync or async; undefined would refuse `async () => {}`
export type GraphqlPolicy = (policyContext: GraphqlPolicyContext, config: unknown, extra: { platform: PluginContext }) => boolean | void | Promise<boolean | void>;

/**
 * A policy of a `resolversConfig` entry: a function, the name of a registered one (`global::x`,
 * `plugin::p.x`, `api::a.x`, as a route names it), either with its config.
 */
export type GraphqlPolicyRef = GraphqlPolicy | string | { name: string; config?: unknown } | { handler: GraphqlPolicy; config?: unknown };

export type GraphqlMiddleware = (next: GraphQLFieldResolver<unknown, GraphqlContext>, parent: unknown, args: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo) => unknown;

/**
 * A middleware of a `resolversConfig` entry: a function, or a registered one by name whose
 * function takes the resolver's arguments (`next, parent, args, context, info`); an app's made
 * anew with `options` (Strapi v4's key) or `config` (a route's), as a route's `{ name, config }`.
 */
export type GraphqlMiddlewareRef = GraphqlMiddleware | string | { name: string; options?: unknown; config?: unknown };

/** Per-resolver options, keyed `<Type>.<field>` (`Query.articles`, `Article.title`). */
export interface ResolverConfig {
  /** false: no authorization; a scope: the permissions required instead of the generated one */
  auth?: false | { scope: string[] };
  policies?: GraphqlPolicyRef[];
  middlewares?: GraphqlMiddlewareRef[];
}

export type Resolvers = Record<string, Record<string, GraphQLFieldResolver<unknown, GraphqlContext> | { resolve: GraphQLFieldResolver<unknown, GraphqlContext> }>>;

/** A type written with nexus (`objectType`, `extendType`, ...), as Strapi v4's extensions write them (./schema/nexus-types.ts). */
type NexusType = import('nexus').core.AllNexusNamedTypeDefs | import('nexus').core.NexusExtendTypeDef<string> | import('nexus').core.NexusExtendInputTypeDef<string>;

export interface Extension {
  /** types built with graphql-compose (type composers), graphql-js types or nexus types */
  types?: Array<AnyTypeComposer<GraphqlContext> | NamedTypeComposer<GraphqlContext> | GraphQLNamedType | NexusType>;
  /** SDL: new types, `extend type ...`, or a type that replaces a generated one */
  typeDefs?: string;
  /** applied to the schema composer once every type is there, before the schema is built */
  plugins?: Array<(composer: SchemaComposer<GraphqlContext>) => void>;
  resolvers?: Resolvers;
  resolversConfig?: Record<string, ResolverConfig>;
}

/** What an extension function receives. */
export interface ExtensionArgs {
  composer: SchemaComposer<GraphqlContext>;
  /** the graphql plugin's context (models, services it may reach) */
  platform: PluginContext;
  models: ModelRegistry;
  /** Strapi v4's names of a model's types and root fields */
  names: typeof naming;
  /** whether the shadow CRUD generated `model`'s types (it may be disabled) */
  isExposed(model: Model): boolean;
  /**
   * The `<Name>EntityResponse` of an entry for the field being resolved, read as the generated
   * queries read (the selection as one query, sanitized for the caller): for an extension's
   * own mutation that returns an entry.
   */
  readEntityResponse(model: Model, id: number, context: GraphqlContext, info: GraphQLResolveInfo, options?: { includeHidden?: boolean }): Promise<{ data: unknown }>;
  /** the same for a list field: entries `ids`, in that order, read as one query */
  readEntityResponses(model: Model, ids: number[], context: GraphqlContext, info: GraphQLResolveInfo, options?: { includeHidden?: boolean }): Promise<Array<{ data: unknown }>>;
  /** the nexus library, for types written with it (`types: [nexus.extendType(...)]`), as Strapi v4 gives it */
  nexus: typeof import('nexus');
  /** what other plugins provide (`provideArgs`), e.g. a Strapi project's `strapi` */
  [provided: string]: unknown;
}

// biome-ignore lint/suspicious/noConfusingVoidType: an extension function may only call the extension service and return nothing
export type ExtensionInput = Extension | ((args: ExtensionArgs) => Extension | void);

// The multipart types are the content API's and the kernel's: the plugin that reads files declares its reader there.
export type { DisposableMultipartParts, MultipartReader } from '@platform/query-engine';
export type { MultipartWatcher, UploadedFile } from '@platform/core';
