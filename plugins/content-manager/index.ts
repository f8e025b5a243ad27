/**
 * The content-manager plugin: REST routes and controllers for every content-type, Strapi v4
 * factories for app routers/controllers/services, and the `{ data, meta }` response shape.
 */
import { definePlugin } from '@platform/core';

export default definePlugin({
  name: 'content-manager',
  requires: ['query-engine'],
});
