/**
 * The relations plugin: writes links for every relation kind (connect / disconnect / set with
 * positions) in Strapi v4's ordered link tables.
 */
import { definePlugin } from '@platform/core';
import type { RelationWriter } from '@platform/query-engine';
import { createRelationWriter } from './src/writer';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::relations.writer': RelationWriter;
  }
}

export default definePlugin({
  name: 'relations',
  requires: ['query-engine'],
  services: {
    writer: ({ platform }) => createRelationWriter(platform),
  },
});
