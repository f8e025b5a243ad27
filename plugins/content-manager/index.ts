/**
 * The content-manager plugin: REST routes and controllers for every content-type, Strapi v4
 * factories for app routers/controllers/services, and the `{ data, meta }` response shape.
 */
import { definePlugin } from '@platform/core';
import { registerContentApis } from './src/register-apis';
import { contentTypeBuilderRoutes } from './src/content-type-builder';

export { transformResponse, transformEntry, transformComponent, type RestEntry, type RestData } from './src/transform-response';
export { sanitizeOutput, sanitizeQuery, sanitizeInput, validateQuery, CONTENT_API_QUERY_KEYS } from './src/sanitize';
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
