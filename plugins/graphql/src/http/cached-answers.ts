/**
 * GraphQL queries through the response cache, when the `cache` plugin is enabled (it is an
 * optional dependency: without it every request runs). An operation is cached when every field
 * it selects is a generated one whose answer only writes change (../schema/cacheable-fields.ts)
 * and every root field a generated read: then its answer is a function of the caller's
 * permission scope, the query text, the variables and the operation name, and it is invalidated
 * by every write to a model its root types reach, exactly as REST's answers are. Mutations, `me`,
 * introspection and extension resolvers always run. A hit sends the stored bytes without
 * parsing: the plan of a query text is remembered. Its ETag in `If-None-Match` of a GET gets a 304.
 */
import { Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { RequestContext } from '@platform/core';
// Types only: the cache is an optional plugin, reached through its service.
import type { CacheService } from '@platform/cache';
import { parseDocument } from './parse-document';

export interface CachedAnswersInput {
  /** the cache's service when the plugin is enabled and caches in this run, else null */
  cache: () => CacheService | null;
  schema: GraphQLSchema;
  readRoots: ReadonlyMap<string, string>;
  cacheableFields: ReadonlySet<string>;
  maxTokens: number;
}

interface Params {
  query: string;
  variables: unknown;
  operationName: string | null;
  extensions: unknown;
}

/** the query text's plans kept at most (an app has few distinct queries; a flood is bounded) */
const MAX_PLANS = 1000;

/** the request's GraphQL parameters (GET query string or JSON body), or null when it has none to key */
function readParams(http: RequestContext): Params | null {
  if (http.method === 'GET') {
    const search = new URL(http.originalUrl, 'http://localhost').searchParams;
    const query = search.get('query');
    return query ? { query, variables: search.get('variables'), operationName: search.get('operationName'), extensions: search.get('extensions') } : null;
  }
  const body = http.request.body as Record<string, unknown> | undefined;
  if (http.method !== 'POST' || !body || typeof body !== 'object' || typeof body.query !== 'string') return null;
  const operationName = typeof body.operationName === 'string' ? body.operationName : null;
  return { query: body.query, variables: body.variables ?? null, operationName, extensions: body.extensions ?? null };
}

/**
 * The content-types a document's root fields read, when the whole document is queries made of
 * cacheable fields; null otherwise (a mutation, an unknown field, `me`, `__schema`...).
 */
export function planOf(document: DocumentNode, schema: GraphQLSchema, readRoots: ReadonlyMap<string, string>, cacheableFields: ReadonlySet<string>): string[] | null {
  const query = schema.getQueryType();
  const typeInfo = new TypeInfo(schema);
  const uids = new Set<string>();
  let cacheable = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition(node) {
        if (node.operation !== 'query') cacheable = false;
      },
      Field(node) {
        const parent = typeInfo.getParentType();
        const name = node.name.value;
        if (name === '__typename') return;
        const key = `${parent?.name}.${name}`;
        if (!parent || name.startsWith('__')) cacheable = false;
        else if (parent === query) {
          const uid = readRoots.get(key);
          if (uid && cacheableFields.has(key)) uids.add(uid);
          else cacheable = false;
        } else if (!cacheableFields.has(key)) cacheable = false;
      },
    }),
  );
  const hasOperation = document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return cacheable && hasOperation && uids.size > 0 ? [...uids].sort() : null;
}

/** whether a serialized GraphQL answer carries errors */
function hasErrors(body: string): boolean {
  try {
    return (JSON.parse(body) as { errors?: unknown }).errors !== undefined;
  } catch {
    return true;
  }
}

export function createCachedAnswers(input: CachedAnswersInput) {
  const plans = new Map<string, string[] | null>();
  const planFor = (query: string): string[] | null => {
    const known = plans.get(query);
    if (known !== undefined) return known;
    let plan: string[] | null = null;
    try {
      plan = planOf(parseDocument(query, input.maxTokens), input.schema, input.readRoots, input.cacheableFields);
    } catch {
      // it does not parse: the handler answers its 400
    }
    if (plans.size >= MAX_PLANS) plans.clear();
    plans.set(query, plan);
    return plan;
  };

  /** answers `http` from the cache when its operation may be, else (and on a miss) with `run` */
  return async (http: RequestContext, run: () => Promise<void>): Promise<void> => {
    const cache = input.cache();
    const params = cache?.active ? readParams(http) : null;
    const uids = params ? planFor(params.query) : null;
    if (!cache || !params || !uids) return run();
    let passedThrough = false;
    // The stored bytes are `<content-type>\n<body>`: the media type follows the Accept header, part of the key.
    const accept = (http.get('accept') || '*/*').replace(/\s/g, '').toLowerCase();
    const answer = await cache.answer({ uids, auth: http.state.auth, parts: ['graphql', params.query, params.variables, params.operationName, params.extensions, accept] }, async () => {
      await run();
      const body = http.body;
      const ok = http.status === 200 && typeof body === 'string' && !hasErrors(body);
      passedThrough = !ok;
      return { body: ok ? Buffer.from(`${http.response.get('content-type')}\n${body}`) : Buffer.alloc(0), cacheable: ok };
    });
    if (passedThrough) return;
    const newline = answer.body.indexOf(10);
    http.status = 200;
    http.body = answer.body.subarray(newline + 1);
    http.set('content-type', answer.body.subarray(0, newline).toString());
    http.etag = answer.etag;
    http.set('X-Cache', answer.hit ? 'hit' : 'miss');
    // a GET (the only request a browser revalidates) naming the answer's ETag gets a 304
    if (http.method === 'GET' && cache.etagMatches(http.get('if-none-match'), answer.etag)) {
      http.status = 304;
      http.body = null;
    }
  };
}
