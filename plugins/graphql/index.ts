/**
 * The graphql plugin: a GraphQL endpoint (Strapi v4's schema and shapes, built with
 * graphql-compose, served by graphql-http) over the same entity service, content-API contract
 * and permissions as REST. Features declare their arguments, types and operations to the
 * query engine's content API as data (`declarations.graphql`, read in ./src/schema/declared-graphql.ts);
 * an app's code (Strapi v4's extension code) uses its `extension` service; it takes nothing from
 * the REST plugin.
 */
import { definePlugin, type PluginContext, type RequestContext } from '@platform/core';
import type { GraphQLSchema } from 'graphql';
import { DEFAULT_CONFIG, validateConfig } from './src/config';
import { errors } from './src/errors';
import { createExtensionService, type ExtensionService } from './src/extension/extension-service';
import { applyDeclaredSwitches } from './src/extension/declared-switches';
import { graphqlBodyErrors } from './src/http/body-errors';
import { consoleAssetRoutes, serveConsolePage, wantsConsole } from './src/http/console';
import type { GraphqlConfig } from './src/types';
import { printSchemaCommand } from './src/schema-file';
import type { ServedSchema } from './src/serve-schema';

export type * from './src/types';
export type { ExtensionService } from './src/extension/extension-service';
export type { FileUpload } from './src/http/file-upload';
export type { ContentTypeSwitches, FieldSwitches, GraphqlAction } from './src/extension/shadow-crud';
export * as naming from './src/naming';

/** The built schema, for the app and for tools (`printSchema`). */
export interface SchemaService {
  /** the schema, once the platform started */
  get(): GraphQLSchema;
  /** its SDL */
  print(): string;
}

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::graphql.extension': ExtensionService;
    'plugin::graphql.schema': SchemaService;
  }
}

const PLUGIN_NAME = 'graphql';

/**
 * graphql, graphql-compose and graphql-http, and the schema built with them: a fifth of what
 * `platform start` spends before it answers. Loaded when first needed (./src/serve-schema.ts).
 */
const servingModule = () => require('./src/serve-schema') as typeof import('./src/serve-schema');

function createSchemaService(): SchemaService & { buildWith(build: () => ServedSchema): void; served(): ServedSchema } {
  let build: (() => ServedSchema) | null = null;
  let served: ServedSchema | null = null;
  let failure: unknown = null;
  const ensure = (): ServedSchema => {
    if (served) return served;
    // A schema that could not be built fails every use alike (the first one logged why).
    if (failure) throw failure;
    if (!build) throw errors.internal('EXTENSION_CLOSED', 'The GraphQL schema is built once the platform started');
    try {
      served = build();
    } catch (error) {
      failure = error;
      throw error;
    }
    return served;
  };
  return {
    get: () => ensure().schema,
    print: () => servingModule().printSchema(ensure().schema),
    buildWith: (given) => (build = given),
    served: ensure,
  };
}

function start(ctx: PluginContext<GraphqlConfig>): void {
  const schemas = ctx.service('plugin::graphql.schema') as ReturnType<typeof createSchemaService>;
  const production = ctx.env('NODE_ENV') === 'production';
  // Strapi v4's rule for its playground: everywhere but production, unless `playgroundAlways`.
  const withConsole = ctx.config.playgroundAlways || !production;
  let ready = false;
  const handler = async (http: RequestContext) => {
    if (withConsole && wantsConsole(http)) return serveConsolePage(http, ctx.config.endpoint);
    if (!ready) throw errors.internal('EXTENSION_CLOSED', 'The GraphQL endpoint answers once the platform started');
    await schemas.served().handle(http);
  };
  const route = { path: ctx.config.endpoint, handler, config: { auth: { scope: [] }, prefix: '' } };
  ctx.addRoutes([{ method: 'GET', ...route }, { method: 'POST', ...route }, ...(withConsole ? consoleAssetRoutes(ctx.config.endpoint) : [])]);
  // Every plugin registered its extensions in register or bootstrap: the schema is built from
  // them once all are done. Under `platform start` (production) on first use, so that the
  // server answers REST sooner; elsewhere at once, so that a broken extension stops start-up
  // and `develop` writes schema.graphql.
  ctx.hooks.bootstrap.tapPromise(PLUGIN_NAME, async () => {
    const extension = ctx.service('plugin::graphql.extension');
    applyDeclaredSwitches(ctx.service('plugin::query-engine.content-api').declarations.graphql, ctx.models, extension);
    schemas.buildWith(() => {
      try {
        return servingModule().serveSchema(ctx, production);
      } catch (error) {
        // Built on first use, the failure is not a start-up error: the log says it once.
        if (production) ctx.log.error(`The GraphQL schema could not be built: ${(error as Error).message}`);
        throw error;
      }
    });
    ready = true;
    if (production) extension.close();
    else schemas.served();
  });
}

export default definePlugin<GraphqlConfig>({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  // GraphQL queries are answered through the response cache when it is enabled
  optional: ['cache'],
  errors: errors.table,
  config: { default: DEFAULT_CONFIG, validate: validateConfig },
  commands: { 'graphql:schema': printSchemaCommand },
  services: {
    extension: () => createExtensionService(),
    schema: () => createSchemaService(),
  },
  // a body that is not JSON gets GraphQL's error shape at the endpoint (the body parser runs before any route)
  globalMiddlewares: {
    'body-errors': { middleware: (ctx) => graphqlBodyErrors(ctx.config.endpoint), before: 'strapi::body' },
  },
  bootstrap(ctx) {
    start(ctx);
  },
});
