/**
 * The documentation plugin: an OpenAPI 3.1 document of the whole API at
 * `GET <rest prefix>/openapi.json`, generated from the models and the route table (every
 * enabled plugin's and the app's routes, whatever added them), a Swagger UI page at
 * `/documentation` in development, TypeScript declarations of the content model
 * (`platform types`, rewritten by `platform develop` on every start, so on every schema
 * change), and `platform openapi`. Features do not call it: they declare their parameters and
 * routes to the query engine's content API as data, and the document reads those declarations.
 * Its service (`plugin::documentation.openapi`) stays open to the app's own descriptions.
 */
import path from 'node:path';
import { definePlugin } from '@platform/core';
import { createDocumentationService, type DocumentationConfig, type DocumentationService } from './src/service';
import { uiRoutes } from './src/ui';
import { ownRoutes } from './src/own-routes';
import { documentationRoutes, describeOwnRoutes } from './src/routes';
import { openapiCommand, typesCommand } from './src/commands';
import { writeTypes, TYPES_DIR } from './src/types/write-types';

export type { DocumentationService, DocumentationConfig } from './src/service';
export type { OpenApiDocument, OperationObject, SchemaObject, ParameterObject, ResponseObject, SecuritySchemeObject } from './src/openapi/types';
export type { ParameterDescription } from './src/openapi/parameters';
export type { RouteMatch } from './src/route-descriptions';
export type { RouteAccessContext, DocumentationHooks } from './src/openapi/route-access';
export { generateTypes } from './src/types/generate';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::documentation.openapi': DocumentationService;
  }
}

const PLUGIN_NAME = 'documentation';

export default definePlugin<DocumentationConfig>({
  name: PLUGIN_NAME,
  // The query engine's content API holds what the features declared for the document (their
  // query parameters, route descriptions, schemas, credentials, who may call a route).
  requires: ['query-engine'],
  config: {
    default: {},
    validate(config) {
      for (const key of ['ui', 'public', 'types'] as const) {
        if (config[key] !== undefined && typeof config[key] !== 'boolean') throw new Error(`"${key}" must be a boolean`);
      }
      for (const key of ['title', 'version'] as const) {
        if (config[key] !== undefined && (typeof config[key] !== 'string' || config[key] === '')) throw new Error(`"${key}" must be a non-empty string`);
      }
    },
  },
  services: {
    openapi: (ctx) => createDocumentationService(ctx),
  },
  commands: {
    openapi: openapiCommand,
    types: typesCommand,
  },
  register(ctx) {
    const prefix = ctx.appConfig<string>('api.rest.prefix', '/api').replace(/\/+$/, '');
    ctx.addRoutes(ownRoutes(documentationRoutes(ctx)));
    const ui = ctx.config.ui ?? ctx.env('NODE_ENV') !== 'production';
    if (ui) ctx.addRoutes(ownRoutes(uiRoutes(`${prefix}/openapi.json`)));
    describeOwnRoutes(ctx.service('plugin::documentation.openapi'), prefix, ui);
    // `develop` restarts the server on every change of the app's schemas: each start that
    // serves rewrites the types (only when they changed). Commands never reach `ready`.
    if (ctx.mode === 'develop' && ctx.config.types !== false) {
      ctx.hooks.ready.tap(PLUGIN_NAME, () => {
        const written = writeTypes(ctx.models, path.join(ctx.appDir, TYPES_DIR));
        if (written.changed) ctx.log.info(`types of the content model written to ${written.path}`);
      });
    }
  },
});
