/**
 * The content-manager plugin: REST routes and controllers for every content-type, Strapi v4
 * factories for app routers/controllers/services, and the `{ data, meta }` response shape. Its
 * controllers apply the query engine's content-API contract (authorization, parameters,
 * sanitizing), which the plugins that add parameters or guard the API extend.
 */
import { definePlugin } from '@platform/core';
import { registerContentApis } from './src/register-apis';
import { contentTypeBuilderRoutes } from './src/content-type-builder';

export { transformResponse, transformEntry, transformComponent, type RestEntry, type RestData } from './src/transform-response';
// Query, input and output sanitizing is the content-API contract's (`plugin::query-engine.content-api`).
export { sanitizeOutput } from './src/sanitize';
export type { CollectionTypeController, SingleTypeController, ControllerHelpers, RestResponse } from './src/core-controller';
export type { CollectionTypeService, SingleTypeService } from './src/core-service';

export default definePlugin({
  name: 'content-manager',
  requires: ['query-engine'],
  register({ platform }) {
    registerContentApis(platform);
    platform.addRoutes(contentTypeBuilderRoutes(platform), `${platform.config<string>('api.rest.prefix', '/api').replace(/\/+$/, '')}/content-type-builder`);
  },
});
