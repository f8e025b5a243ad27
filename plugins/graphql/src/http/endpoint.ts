/**
 * The GraphQL endpoint over HTTP, served by graphql-http (the GraphQL-over-HTTP spec): POST with
 * a JSON body, GET with the query string (mutations refused), answers in
 * `application/graphql-response+json` or `application/json` as the client accepts. A document
 * that does not parse or validate (the limits of ./limits.ts included) is a 400 whatever the
 * media type, as Strapi v4 answers; errors of resolvers come with a 200 and `data`.
 */
import { createHandler, type Request as HttpRequest } from 'graphql-http';
import { NoSchemaIntrospectionCustomRule, parse, type ExecutionResult, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { PluginContext, RequestContext } from '@platform/core';
import type { ContentApiAction } from '@platform/query-engine';
import { createErrorFormatter } from './format-error';
import { operationLimitsRule } from './limits';
import type { GraphqlConfig, GraphqlContext } from '../types';

export interface EndpointInput {
  platform: PluginContext<GraphqlConfig>;
  schema: GraphQLSchema;
  entryFields: ReadonlySet<string>;
  introspection: boolean;
  /** answers from the response cache when the operation may be (./cached-answers.ts) */
  cachedAnswers?: (http: RequestContext, run: () => Promise<void>) => Promise<void>;
}

function createContext(platform: PluginContext, http: RequestContext, tracing: boolean): GraphqlContext {
  const contentApi = { transport: 'graphql' as const, auth: http.state.auth ?? null, request: http };
  const asked = new Map<string, Promise<boolean>>();
  const contract = platform.service('plugin::query-engine.content-api');
  return {
    http,
    state: http.state,
    contentApi,
    isAllowed(uid: string, action: ContentApiAction) {
      const key = `${uid}.${action}`;
      let answer = asked.get(key);
      if (!answer) {
        answer = contract.authorize({ context: contentApi, uid, action }).then(
          () => true,
          (error: unknown) => {
            if ((error as { name?: string }).name === 'ForbiddenError') return false;
            throw error;
          },
        );
        asked.set(key, answer);
      }
      return answer;
    },
    ...(tracing ? { tracing: { startedAt: process.hrtime.bigint(), resolvers: [] } } : {}),
  };
}

export function createEndpoint({ platform, schema, entryFields, introspection, cachedAnswers }: EndpointInput) {
  const config = platform.config;
  const rules: ValidationRule[] = [operationLimitsRule({
    depthLimit: config.depthLimit,
    maxCost: config.maxCost,
    entryFieldCost: config.entryFieldCost,
    readsEntries: (type, field) => entryFields.has(`${type}.${field}`),
  })];
  if (!introspection) rules.push(NoSchemaIntrospectionCustomRule);
  const tracing = config.apolloServer.tracing === true;

  /** the requests whose operation ran (an answer with `data`) */
  const executed = new WeakSet<RequestContext>();
  const handler = createHandler<RequestContext, undefined, GraphqlContext>({
    schema,
    validationRules: rules,
    parse: (source) => parse(source, { maxTokens: config.maxTokens }),
    context: (request) => createContext(platform, request.raw, tracing),
    formatError: createErrorFormatter(platform.log),
    onOperation: (request, args, result) => {
      if ('data' in result) executed.add(request.raw);
      const timings = args.contextValue?.tracing;
      if (!timings || !('data' in result)) return;
      const duration = Number(process.hrtime.bigint() - timings.startedAt);
      const execution = result as ExecutionResult;
      return { ...execution, extensions: { ...execution.extensions, tracing: { version: 1, duration, execution: { resolvers: timings.resolvers } } } };
    },
  });

  const serve = async (http: RequestContext): Promise<void> => {
    const request: HttpRequest<RequestContext, undefined> = {
      method: http.method,
      url: http.originalUrl,
      headers: { get: (key: string) => http.get(key) || null },
      body: http.method === 'POST' ? (http.request.body as Record<string, unknown> | undefined) ?? null : null,
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
  return (http: RequestContext): Promise<void> => (cachedAnswers ? cachedAnswers(http, () => serve(http)) : serve(http));
}
