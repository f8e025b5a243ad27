/**
 * What routes, controllers, policies and middlewares look like. A request context is koa's,
 * with the query string parsed by `qs` (bracket notation) into `ctx.query`.
 */
import type { ParameterizedContext } from 'koa';

/** Who is calling, as set by the auth step of the route pipeline (an auth plugin fills it in). */
export interface AuthState {
  /** the strategy that authenticated the request, e.g. a user's JWT or an API token */
  strategy: string | null;
  credentials: unknown;
  /** the permission scopes the caller holds, or `all` for full access */
  ability: { can(scope: string): boolean } | null;
  /**
   * What the caller may see, as a key: two callers with the same `scope` (the same role, the
   * same token) get the same answers, so a response cache may share them. Left out, a cache
   * keys the caller by strategy and credentials id.
   */
  scope?: string;
}

export interface RequestState {
  auth?: AuthState;
  user?: unknown;
  route?: RouteDefinition;
  [key: string]: unknown;
}

export type RequestContext = ParameterizedContext<RequestState> & {
  params: Record<string, string>;
  query: Record<string, unknown>;
  request: { body?: unknown; files?: Record<string, UploadedFile | UploadedFile[]> };
};

/**
 * A file of a multipart body, on disk: what the kernel's reader (./multipart.ts) writes for
 * `strapi::body` with `multipart: true` (`ctx.request.files[field]`, a list when the field
 * repeats), for an upload route and for a GraphQL multipart request. The names are those of
 * formidable's file, which Strapi v4 code reads.
 */
export interface UploadedFile {
  /** the name of the part it came in (a form field, a key of a GraphQL request's `map`) */
  fieldName: string;
  /** where it is on disk */
  filepath: string;
  /** the name the client gave it (its last path segment), '' when it gave none */
  originalFilename: string;
  /** its name on disk, the last segment of `filepath` */
  newFilename: string;
  /** the type the client declared (`text/plain` when it declared none, as the multipart spec says) */
  mimetype: string;
  size: number;
}

export type Handler = (ctx: RequestContext) => unknown | Promise<unknown>;

export type Middleware = (ctx: RequestContext, next: () => Promise<void>) => Promise<void> | void;

/**
 * What app code (a factory's extension, a policy, a middleware, a migration, the app's
 * `index` file) receives as its last argument: `{ platform }`, plus the names plugins give app
 * code (PluginDefinition.appCode.scope), such as `{ strapi }` for a Strapi project.
 */
export interface AppCodeArgs {
  platform: unknown;
  [name: string]: unknown;
}

/** An app's middleware file: its middleware for a config (`{ name, config }` in a route). */
export type MiddlewareFactory = (config: unknown, extra: AppCodeArgs) => Middleware;

/**
 * A policy's first argument. It also reads as the request's context itself (its prototype is
 * `ctx`), as Strapi v4's policy context does: `policyContext.state.user`, `policyContext.request`.
 */
export interface PolicyContext {
  ctx: RequestContext;
  route: RouteDefinition;
}
/** Returns false (or throws) to deny; true or undefined to allow. */
// biome-ignore lint/suspicious/noConfusingVoidType: a policy that allows may return nothing, sync or async; undefined would refuse `async () => {}`
export type Policy = (policyContext: PolicyContext, config: unknown, extra: AppCodeArgs) => boolean | void | Promise<boolean | void>;

export type PolicyRef = string | Policy | { name: string; config?: unknown };
export type MiddlewareRef = string | Middleware | { name: string; config?: unknown };

export interface RouteConfig {
  /** false: no authentication at all; an object lists the scopes required */
  auth?: false | { scope?: string[] };
  policies?: PolicyRef[];
  middlewares?: MiddlewareRef[];
  /** replaces the mount prefix (`/api` or `/api/<plugin>`) for this route */
  prefix?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'ALL';

export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  /** a controller action (`api::article.article.find`, `plugin::<name>.<controller>.<action>`) or a function */
  handler: string | Handler;
  config?: RouteConfig;
  info?: {
    type?: 'content-api' | 'admin';
    apiName?: string;
    pluginName?: string;
  };
}
