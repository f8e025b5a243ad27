/**
 * What the endpoint needs once the schema is wanted: builds the schema and the handler that
 * answers with it. Kept apart from the plugin's entry so that graphql, graphql-compose and
 * graphql-http load only when they are used (../index.ts decides when).
 */
import type { PluginContext, RequestContext } from '@platform/core';
import { type GraphQLSchema, printSchema } from 'graphql';
import { buildSchema } from './schema/build-schema';
import { createEndpoint } from './http/endpoint';
import { createCachedAnswers } from './http/cached-answers';
import { traceResolvers } from './execution/tracing';
import type { GraphqlConfig } from './types';
import { SCHEMA_FILE, shouldWriteSchemaFile, writeSchemaFile } from './schema-file';

export { printSchema };

export interface ServedSchema {
  schema: GraphQLSchema;
  handle: (http: RequestContext) => Promise<void>;
}

export function serveSchema(ctx: PluginContext<GraphqlConfig>, production: boolean): ServedSchema {
  const { schema, entryFields, readRoots, cacheableFields } = buildSchema(ctx, ctx.config, ctx.service('plugin::graphql.extension'));
  const tracing = ctx.config.apolloServer.tracing === true;
  if (tracing) traceResolvers(schema);
  if (shouldWriteSchemaFile(ctx) && writeSchemaFile(ctx.appDir, printSchema(schema))) ctx.log.info(`wrote ${SCHEMA_FILE}`);
  // Answers with per-field timings are never the same twice: tracing leaves the cache out.
  const cachedAnswers = tracing
    ? undefined
    : createCachedAnswers({
        cache: () => (ctx.isEnabled('cache') ? ctx.service('plugin::cache.cache') : null),
        schema,
        readRoots,
        cacheableFields,
        maxTokens: ctx.config.maxTokens,
      });
  // an app's reader (the extension service) before the one a feature declared (upload)
  const multipartReader = ctx.service('plugin::graphql.extension').multipartReader() ?? ctx.service('plugin::query-engine.content-api').declarations.graphql.multipartReader();
  // the generated reads no extension replaced or gave policies or middlewares
  const readOnlyRoots = new Set([...readRoots.keys()].filter((key) => cacheableFields.has(key)));
  const handle = createEndpoint({ platform: ctx, schema, entryFields, readOnlyRoots, introspection: ctx.config.apolloServer.introspection ?? !production, cachedAnswers, multipartReader });
  return { schema, handle };
}
