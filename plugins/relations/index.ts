/**
 * The relations plugin: writes links for every relation kind (connect / disconnect / set with
 * positions) in Strapi v4's ordered link tables.
 */
import { definePlugin } from '@platform/core';
import type { RelationWriter } from '@platform/query-engine';
import { createRelationWriter } from './src/writer';
import { errors } from './src/errors';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::relations.writer': RelationWriter;
  }
}

export default definePlugin({
  name: 'relations',
  requires: ['query-engine'],
  errors: errors.table,
  services: {
    writer: (ctx) => createRelationWriter(ctx),
  },
  register(ctx) {
    // The query engine publishes the seam; it never looks this plugin up by name.
    ctx.service('plugin::query-engine.engine').useRelationWriter(ctx.service('plugin::relations.writer'));
  },
});
