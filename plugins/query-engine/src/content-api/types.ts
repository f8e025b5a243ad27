/**
 * The content-API contract: what every transport (REST, GraphQL, the plugins' own routes) hands
 * the query engine about a client request, and what plugins that guard the content API tap.
 * A transport calls an operation (`contentApi.find(...)`, see ./operations.ts), which runs the
 * whole protocol once: authorize, validate and sanitize the query, sanitize the data, the entity
 * service, sanitize the answer.
 *
 * A guard (users-permissions) taps `access` once: it is asked once per request for the caller's
 * rules (`AccessRules`), and every operation of the request, every GraphQL field and every model
 * an answer reaches reuses them:
 *   - `can(permission)`: false denies the action (`api::article.article.find`), the 403 of the
 *     transport (`Forbidden` on REST, `Forbidden access` on GraphQL, as in Strapi v4); a rule
 *     may throw its own error instead (a 401);
 *   - `unreadable(model)`: attributes removed from every answer at every depth and refused in
 *     `fields`/`filters`/`sort` (400); `unwritable(model)`: dropped from written data.
 * `hooks.sanitizeQuery` changes anything else about a query (a cap on populate depth for a role...).
 */
import type { AuthState, Model } from '@platform/core';
import type { FindParams } from '../types';
import type { JsonSchema } from './declarations';

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

export interface AuthorizeRequest {
  context: ContentApiContext;
  /** content-type uid, e.g. `api::article.article` */
  uid: string;
  action: ContentApiAction;
}

/** What a guard decides about one caller; each method answers for itself only (no opinion: undefined or empty). */
export interface AccessRules {
  /** whether the caller may run `permission` (`<uid>.<action>`, as users-permissions stores it) */
  can?(permission: string): boolean | undefined;
  /** the `details` of the 403 when `can` denied `permission` (the action that was missing, say); none: `{}` */
  explain?(permission: string): Promise<Record<string, unknown>>;
  /** attributes of `model` removed from what the caller reads */
  unreadable?(model: Model): Iterable<string>;
  /** attributes of `model` dropped from what the caller writes */
  unwritable?(model: Model): Iterable<string>;
}

/** What an `access` tap receives: the caller, and where to add its rules. */
export interface AccessRequest {
  context: ContentApiContext;
  rules: AccessRules[];
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
  /** the models whose operations take it (default: every model); transports describe it on those only */
  appliesTo?(model: Model): boolean;
  /** how the API's document describes it (default: a schema from `kinds`) */
  openapi?: { description: string; schema: JsonSchema };
  /** how GraphQL takes it, as an argument of the generated operations (default: not at all) */
  graphql?: ParamGraphql;
}

/** A parameter as a GraphQL argument, as plain data (the graphql plugin builds it). */
export interface ParamGraphql {
  /** the argument's type: a built-in scalar (`String`, `Int`, `Boolean`...) or the enum below */
  type: string;
  /** an enum type made for it: GraphQL names and the values the engine receives (`{ LIVE: 'live' }`) */
  enum?: { name: string; values: Readonly<Record<string, string>> };
  /** the value the engine receives when the client sends none */
  defaultValue?: string | number | boolean;
  /** the generated operations that take it (default: `find` and `findOne`) */
  operations?: ReadonlyArray<'find' | 'findOne' | 'create' | 'update' | 'delete'>;
  /** also an argument of the to-many relation fields whose target it applies to, read as that relation's level parameter */
  relations?: boolean;
}

/** What `sanitizeQuery` taps receive; they may change `query` or throw a ValidationError. */
export interface QuerySanitizing {
  model: Model;
  context: ContentApiContext;
  /** the declared parameters of the request, already picked */
  query: FindParams;
}
