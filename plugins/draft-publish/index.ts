/**
 * The draft-publish plugin: `publishedAt`, the `publicationState` parameter, drafts hidden in live.
 */
import { definePlugin } from '@platform/core';

export default definePlugin({
  name: 'draft-publish',
  requires: ['query-engine'],
});
