/**
 * The upload content API of Strapi v4, mounted at `/api/upload`. Each handler is an action
 * string, so the auth step checks the route's scope (`plugin::upload.content-api.upload`...)
 * like any content action.
 */
import type { RouteDefinition } from '@platform/core';

export const uploadRoutes: RouteDefinition[] = [
  { method: 'POST', path: '/', handler: 'plugin::upload.content-api.upload' },
  { method: 'GET', path: '/files', handler: 'plugin::upload.content-api.find' },
  { method: 'GET', path: '/files/:id', handler: 'plugin::upload.content-api.findOne' },
  { method: 'DELETE', path: '/files/:id', handler: 'plugin::upload.content-api.destroy' },
];
