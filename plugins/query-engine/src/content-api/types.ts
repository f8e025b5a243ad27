/**
 * The content-API contract: what every transport (REST now, GraphQL later) hands the query
 * engine about a client request, and what plugins that guard the content API tap.
 *
 * How a transport uses it, per request:
 *   1. build a `ContentApiContext` (transport, who is calling);
 *   2. `authorize({ context, uid, action })`: the taps of `hooks.authorize` decide (untapped:
 *      allowed). A denial is a ForbiddenError: `Forbidden` on REST, `Forbidden access` on
 *      GraphQL, as in Strapi v4;
 *   3. `validateQuery` then `sanitizeQuery`: only the declared client parameters reach the
 *      entity service, so internal flags (`includePrivate`, `includeHidden`) never come from a
 *      client, whatever the transport;
 *   4. `sanitizeInput` on a write's data, `sanitizeOutput` on what the service returns.
 *
 * What users-permissions is expected to tap (once, for every transport):
 *   - kernel `authenticate`: resolve the JWT or API token into `ctx.state.auth` (strategy,
 *     credentials, an `ability` that answers `can('api::article.article.find')`), and check the
 *     route scope of custom routes;
 *   - `authorize`: `ability.can(request.permission)` for the content-type actions (a read-only
 *     API token can `find`/`findOne` only; a custom one lists its permissions);
 *   - `restrictRead` / `restrictWrite`: the attributes a role may not read (a relation whose
 *     target it may not `find`) or write: removed from answers and data at every depth, and
 *     refused in `fields`/`filters`/`sort` at every depth (the engine already refuses private
 *     attributes), so one tap covers the query too;
 *   - `sanitizeQuery`: anything else about the query (a cap on populate depth for a role...).
 * A GraphQL resolver builds the same context (`transport: 'graphql'`) from its HTTP request,
 * calls `authorize` per query or mutation field (and per populated relation target), and the
 * same sanitizers on its arguments and results.
 */
import type { AuthState, Model } from '@platform/core';
import type { FindParams } from '../types';

export type ContentApiTransport = 'rest' | 'graphql';

/** Who is calling, as the kernel's `authenticate` taps left it (null: nobody authenticated). */
export type ContentApiAuth = AuthState;

export interface ContentApiContext {
  transport: ContentApiTransport;
  auth: ContentApiAuth | null;
  /**
   * The transport's own request (the koa context on REST, the GraphQL context object), for
   * taps that need a header or the route; the contract itself never reads it.
   */
  request?: unknown;
}

/** The content-type actions of the content API, the same names on every transport. */
export type ContentApiAction = 'find' | 'findOne' | 'create' | 'update' | 'delete';

/** An `authorize` tap's refusal with the `details` of the 403 (the action missing, say). */
export interface Denial {
  details: Record<string, unknown>;
}

export interface AuthorizeRequest {
  context: ContentApiContext;
  /** content-type uid, e.g. `api::article.article` */
  uid: string;
  action: ContentApiAction;
  /** the permission users-permissions stores for it: `<uid>.<action>` (`api::article.article.find`) */
  permission: string;
}

/**
 * What a client parameter's value may be. `string[]`: an array of strings only; `array`: any
 * array; `object`: a plain object; `null`: the value null (`?populate` without a value).
 */
export type ParamKind = 'string' | 'string[]' | 'array' | 'object' | 'null';

export interface ParamDeclaration {
  /** the query-string key, e.g. `locale` */
  name: string;
  /** the plugin that interprets it (`query-engine` for the engine's own) */
  owner: string;
  /** the shapes accepted; any other is a 400 `Invalid parameter <name>` */
  kinds: readonly ParamKind[];
}

/** What `restrictRead` and `restrictWrite` taps receive: add attribute names to `fields`. */
export interface FieldRestriction {
  model: Model;
  context: ContentApiContext;
  /** attributes of `model` removed from what is read (restrictRead) or written (restrictWrite) */
  fields: Set<string>;
}

/** What `sanitizeQuery` taps receive; they may change `query` or throw a ValidationError. */
export interface QuerySanitizing {
  model: Model;
  context: ContentApiContext;
  /** the declared parameters of the request, already picked */
  query: FindParams;
}
