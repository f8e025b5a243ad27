/**
 * What features declare about themselves for the transports to read: their routes' and
 * parameters' descriptions, the schemas those refer to, the credentials they accept, who
 * may call a route, and what GraphQL's schema changes or adds for them (./graphql-declarations.ts). Features write plain data here (JSON Schema fragments, OpenAPI-shaped
 * operation fragments); the transports (the documentation plugin's OpenAPI document, GraphQL)
 * pull it when they build. So a feature imports no transport, and a transport that is off
 * costs the feature nothing: the data just is not read.
 *
 * A schema may name a model's schema before anyone knows what the transport calls it:
 * `{ $ref: modelSchemaRef(uid, 'Input') }`. The reader resolves it to its own name; where the
 * model has none, an `allOf` item naming it is left out and any other use leaves the whole
 * description out.
 */
import { AsyncSeriesBailHook } from 'tapable';
import type { HttpMethod, RouteDefinition } from '@platform/core';
import { createGraphqlDeclarations, type GraphqlDeclarations } from './graphql-declarations';

/** A JSON Schema 2020-12 object, as plain data. */
export interface JsonSchema {
  [keyword: string]: unknown;
}

/** A route's description in OpenAPI 3.1's words (an operation object's fields), as plain data. */
export interface RouteDescription {
  summary?: string;
  description?: string;
  parameters?: Array<{
    name: string;
    in: 'query' | 'path' | 'header' | 'cookie';
    description?: string;
    required?: boolean;
    style?: 'form' | 'simple' | 'deepObject';
    explode?: boolean;
    schema: JsonSchema;
  }>;
  requestBody?: { description?: string; required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  [field: string]: unknown;
}

/** The routes a description is for: by handler (`plugin::upload.content-api.upload`) or by method and full path. */
export type RouteMatch = { handler: string } | { method: HttpMethod; path: string };

/** A kind of credentials routes take (an OpenAPI security scheme object). */
export interface CredentialsDeclaration {
  type: 'http' | 'apiKey';
  scheme?: string;
  bearerFormat?: string;
  description?: string;
  name?: string;
  in?: 'header' | 'query' | 'cookie';
}

export interface RouteAccessContext {
  route: RouteDefinition;
  /** the full path, prefix included */
  path: string;
  /** the actions the route needs: its `auth.scope`, or its handler when that is an action string */
  actions: string[];
}

const MODEL_REF = 'model:';

/** A reference to `uid`'s schema (with a suffix: `Input`...) that the reader resolves to its own name. */
export function modelSchemaRef(uid: string, suffix = ''): string {
  return `${MODEL_REF}${uid}#${suffix}`;
}

/** The uid and suffix of a `modelSchemaRef`, or null for any other `$ref`. */
export function parseModelSchemaRef(ref: string): { uid: string; suffix: string } | null {
  if (!ref.startsWith(MODEL_REF)) return null;
  const hash = ref.lastIndexOf('#');
  return { uid: ref.slice(MODEL_REF.length, hash), suffix: ref.slice(hash + 1) };
}

export interface RouteDeclaration {
  match: RouteMatch;
  description: RouteDescription;
  /** the plugin that declared it */
  owner: string;
}

export interface Declarations {
  /** Describes the routes `match` names; several descriptions of one route merge, the later over the earlier. */
  describeRoute(owner: string, match: RouteMatch, description: RouteDescription): void;
  /** Schemas the descriptions refer to by name (`#/components/schemas/<name>`). */
  addSchemas(owner: string, schemas: Record<string, JsonSchema>): void;
  /** A kind of credentials the plugin accepts (`bearerAuth`: a user's JWT). */
  addCredentials(owner: string, name: string, credentials: CredentialsDeclaration): void;
  /**
   * Who may call a route without credentials: true, false, or undefined (no opinion; the first
   * definite answer wins). The plugin that knows the public role answers here.
   */
  readonly publicAccess: AsyncSeriesBailHook<[RouteAccessContext], boolean | undefined>;
  /** What GraphQL's generated schema changes or adds for the features (./graphql-declarations.ts). */
  readonly graphql: GraphqlDeclarations;
  routes(): readonly RouteDeclaration[];
  schemas(): Readonly<Record<string, JsonSchema>>;
  credentials(): Readonly<Record<string, CredentialsDeclaration>>;
}

export function createDeclarations(): Declarations {
  const routes: RouteDeclaration[] = [];
  const schemas: Record<string, JsonSchema> = {};
  const credentials: Record<string, CredentialsDeclaration> = {};
  return {
    describeRoute: (owner, match, description) => {
      routes.push({ owner, match, description });
    },
    addSchemas: (_owner, more) => {
      Object.assign(schemas, more);
    },
    addCredentials: (_owner, name, declared) => {
      credentials[name] = declared;
    },
    publicAccess: new AsyncSeriesBailHook<[RouteAccessContext], boolean | undefined>(['context']),
    graphql: createGraphqlDeclarations(),
    routes: () => routes,
    schemas: () => schemas,
    credentials: () => credentials,
  };
}
