/**
 * The content-manager plugin: the REST content API. It gives every api content-type its core
 * service, controller and routes (unless the app has its own), the Strapi v4 factories that
 * declare and extend them, the `{ data, meta }` response shape, and the read-only
 * content-type-builder endpoints. The kernel's app loader asks it for these through `appParts`.
 * Its controllers apply the query engine's content-API contract (authorization, parameters,
 * sanitizing), which the plugins that add parameters or guard the API extend.
 */
import { definePlugin } from '@platform/core';
import { appParts } from './src/app-parts';
import { contentTypeBuilderRoutes } from './src/content-type-builder';
import { errors } from './src/errors';
import { PLUGIN_NAME } from './src/factory-declarations';

export { factories, type CoreAction, type CoreRouterOptions, type Extension } from './src/factory-declarations';
export { transformResponse, transformEntry, transformComponent, type RestEntry, type RestData } from './src/transform-response';
// Query, input and output sanitizing is the content-API contract's (`plugin::query-engine.content-api`).
export { sanitizeOutput } from './src/sanitize';
export type { CollectionTypeController, SingleTypeController, ControllerHelpers, RestResponse } from './src/core-controller';
export type { CollectionTypeService, SingleTypeService } from './src/core-service';

export default definePlugin({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  errors: errors.table,
  appParts,
  register(ctx) {
    ctx.addRoutes(contentTypeBuilderRoutes(ctx), `${ctx.appConfig<string>('api.rest.prefix', '/api').replace(/\/+$/, '')}/content-type-builder`);
  },
});
