/**
 * The GraphQL endpoint over HTTP, served by graphql-http (the GraphQL-over-HTTP spec): POST with
 * a JSON body, GET with the query string (mutations refused), answers in
 * `application/graphql-response+json` or `application/json` as the client accepts. A document
 * that does not parse or validate (the limits of ./limits.ts included) is a 400 whatever the
 * media type, as Strapi v4 answers; errors of resolvers come with a 200 and `data`. A
 * multipart POST is a mutation with file uploads (./multipart.ts); its files are removed once
 * the answer is made, whatever it is.
 */
import { createHandler, type Request as HttpRequest, type Response as HttpResponse } from 'graphql-http';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ExecutionResult, type GraphQLSchema, type ValidationRule } from 'graphql';
import { ApplicationError, ValidationError, type PluginContext, type RequestContext } from '@platform/core';
import type { ContentApiAction } from '@platform/query-engine';
import { createLoadedExecution } from '../execution/loaded-execution';
import { createDocumentCache } from './document-cache';
import { createErrorFormatter } from './format-error';
import { operationLimitsRule } from './limits';
import { readMultipartRequest, type MultipartRequest } from './multipart';
import { MAX_NESTING, nestingExceeds, parseDocument } from './parse-document';
import type { GraphqlConfig, GraphqlContext, MultipartReader } from '../types';

export interface EndpointInput {
  platform: PluginContext<GraphqlConfig>;
  schema: GraphQLSchema;
  entryFields: ReadonlySet<string>;
  /** the root fields (`Query.articles`) that only read: their queries may be compiled (../execution/loaded-execution.ts) */
  readOnlyRoots: ReadonlySet<string>;
  introspection: boolean;
  /** answers from the response cache when the operation may be (./cached-answers.ts) */
  cachedAnswers?: (http: RequestContext, run: () => Promise<void>) => Promise<void>;
  /** reads multipart requests (file uploads); none: they are refused */
  multipartReader: MultipartReader | null;
}

function createContext(platform: PluginContext, http: RequestContext, tracing: boolean): GraphqlContext {
  // one content-API context per request: its decisions are made once and reused by every field
  const contentApi = { transport: 'graphql' as const, auth: http.state.auth ?? null, request: http };
  const contract = platform.service('plugin::query-engine.content-api');
  return {
    http,
    state: http.state,
    contentApi,
    isAllowed: async (uid: string, action: ContentApiAction) => contract.can({ context: contentApi, uid, action }),
    ...(tracing ? { tracing: { startedAt: process.hrtime.bigint(), resolvers: [] } } : {}),
  };
}

/** A request the multipart reading refused: a GraphQL answer with only `errors`, as any request error. */
function refuse(http: RequestContext, error: ApplicationError, format: (error: GraphQLError) => GraphQLError): void {
  http.status = error.status;
  http.set('Content-Type', 'application/json; charset=utf-8');
  http.body = { errors: [format(new GraphQLError(error.message, { originalError: error }))] };
}

/**
 * The media type graphql-http answers in for an `Accept` header, by the same negotiation as its
 * own (which ran before any operation does, so one of the two is accepted).
 */
function answerMediaType(accept: string | null): 'application/graphql-response+json' | 'application/json' {
  for (const item of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType, ...params] = item.split(';');
    const charset = params.find((param) => param.includes('charset=')) || 'charset=utf-8';
    if (mediaType === 'application/graphql-response+json' && charset === 'charset=utf-8') return 'application/graphql-response+json';
    if ((mediaType === 'application/json' || mediaType === 'application/*' || mediaType === '*/*') && (charset === 'charset=utf-8' || charset === 'charset=utf8')) return 'application/json';
  }
  return 'application/json';
}

/**
 * An answer without errors, serialized by a plain JSON.stringify: graphql-http's passes a
 * replacer (it hides the messages of errors that are not GraphQL's, and such an answer holds
 * none) that is called for every key and value, which doubles the cost of serializing a page.
 * The same bytes, status and headers as graphql-http's.
 */
function answer(result: ExecutionResult, accept: string | null): HttpResponse {
  return [JSON.stringify(result), { status: 200, statusText: 'OK', headers: { 'content-type': `${answerMediaType(accept)}; charset=utf-8` } }];
}

/** Variables nested deeper than a body may be (their JSON text is in the query string, which no body bound covers), or null. */
function refuseVariables(text: string): ValidationError | null {
  return nestingExceeds(text) ? new ValidationError(`Variables nested deeper than ${MAX_NESTING} levels`) : null;
}

export function createEndpoint({ platform, schema, entryFields, readOnlyRoots, introspection, cachedAnswers, multipartReader }: EndpointInput) {
  const config = platform.config;
  const rules: ValidationRule[] = [
    operationLimitsRule({
      depthLimit: config.depthLimit,
      maxCost: config.maxCost,
      entryFieldCost: config.entryFieldCost,
      readsEntries: (type, field) => entryFields.has(`${type}.${field}`),
    }),
  ];
  if (!introspection) rules.push(NoSchemaIntrospectionCustomRule);
  const tracing = config.apolloServer.tracing === true;
  const formatError = createErrorFormatter(platform.log);
  const documents = createDocumentCache((text) => parseDocument(text, config.maxTokens));

  /** the requests whose operation ran (an answer with `data`) */
  const executed = new WeakSet<RequestContext>();
  const handler = createHandler<RequestContext, undefined, GraphqlContext>({
    schema,
    validationRules: rules,
    parse: (source) => documents.parse(typeof source === 'string' ? source : source.body),
    validate: (schema, document, rules) => documents.validate(schema, document, rules ?? []),
    // with tracing every resolver is timed, so every field runs through graphql-js
    ...(tracing ? {} : { execute: createLoadedExecution(readOnlyRoots) }),
    context: (request) => createContext(platform, request.raw, tracing),
    formatError,
    onOperation: (request, args, result) => {
      if (!('data' in result)) return;
      executed.add(request.raw);
      let execution = result as ExecutionResult;
      const timings = args.contextValue?.tracing;
      if (timings) {
        const duration = Number(process.hrtime.bigint() - timings.startedAt);
        execution = { ...execution, extensions: { ...execution.extensions, tracing: { version: 1, duration, execution: { resolvers: timings.resolvers } } } };
      }
      // an answer with errors is graphql-http's to serialize: it formats them (formatError)
      return execution.errors ? execution : answer(execution, request.raw.get('accept') || null);
    },
  });

  const run = async (http: RequestContext, multipart: MultipartRequest | null): Promise<void> => {
    const request: HttpRequest<RequestContext, undefined> = {
      method: http.method,
      url: http.originalUrl,
      // a multipart request's `operations` is the JSON request graphql-http reads
      headers: { get: (key: string) => (multipart && key.toLowerCase() === 'content-type' ? 'application/json' : http.get(key) || null) },
      body: multipart ? multipart.body : http.method === 'POST' ? ((http.request.body as Record<string, unknown> | undefined) ?? null) : null,
      raw: http,
      context: undefined,
    };
    const [body, init] = await handler(request);
    let status = init.status;
    // Strapi v4 (Apollo) answers a request whose operation never ran with a 400, whatever the media type.
    if (status === 200 && !executed.has(http)) status = 400;
    http.status = status;
    for (const [key, value] of Object.entries(init.headers ?? {})) http.set(key, value);
    http.body = body ?? '';
  };

  return async (http: RequestContext): Promise<void> => {
    const variables = http.method === 'GET' ? http.query.variables : undefined;
    const refusal = typeof variables === 'string' ? refuseVariables(variables) : null;
    if (refusal) return refuse(http, refusal, formatError);
    // a multipart request is a mutation: never a cached answer
    if (http.method !== 'POST' || !http.is('multipart/form-data')) return cachedAnswers ? cachedAnswers(http, () => run(http, null)) : run(http, null);
    let multipart: MultipartRequest;
    try {
      multipart = await readMultipartRequest(http, multipartReader, config.maxTokens);
    } catch (error) {
      if (error instanceof ApplicationError) return refuse(http, error, formatError);
      throw error;
    }
    try {
      await run(http, multipart);
    } finally {
      await multipart.dispose();
    }
  };
}
