/**
 * The documentation plugin: an OpenAPI 3.1 document of the whole API at
 * `GET <rest prefix>/openapi.json`, generated from the models and the route table (every
 * enabled plugin's and the app's routes, whatever added them), a Swagger UI page at
 * `/documentation` in development, and TypeScript declarations of the content model.
 * Plugins describe their own routes and query parameters through its service
 * (`plugin::documentation.openapi`), declaring it `optional`.
 */
import { definePlugin } from '@platform/core';
import { createDocumentationService, type DocumentationConfig, type DocumentationService } from './src/service';
import { uiRoutes } from './src/ui';
import { documentationRoutes, describeOwnRoutes } from './src/routes';

export type { DocumentationService, DocumentationConfig } from './src/service';
export type { OpenApiDocument, OperationObject, SchemaObject, ParameterObject, ResponseObject } from './src/openapi/types';
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
  requires: ['query-engine'],
  config: {
    default: {},
    validate(config) {
      for (const key of ['ui', 'public'] as const) {
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
  register(ctx) {
    const prefix = ctx.appConfig<string>('api.rest.prefix', '/api').replace(/\/+$/, '');
    ctx.addRoutes(documentationRoutes(ctx));
    const ui = ctx.config.ui ?? ctx.env('NODE_ENV') !== 'production';
    if (ui) ctx.addRoutes(uiRoutes(`${prefix}/openapi.json`));
    describeOwnRoutes(ctx.service('plugin::documentation.openapi'), prefix, ui);
  },
});
