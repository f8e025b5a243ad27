/**
 * The draft-publish plugin: `publishedAt` on content-types with `options.draftAndPublish`,
 * the `publicationState` parameter, and drafts hidden in `live` at every level. It changes the
 * API only through the kernel's `extendSchemas` hook and the query engine's hooks and
 * content-API contract (where it declares `publicationState`), so when it is disabled no
 * content-type has drafts and `publicationState` is dropped like any unknown parameter. Other
 * plugins reach it through its `drafts` service.
 */
import { definePlugin } from '@platform/core';
import { addPublishedAt } from './src/extend-schemas';
import { PUBLICATION_STATE_PARAM, scopePublicationState, validatePublicationState } from './src/publication-state';
import { publishOnCreate, relaxRequiredForDrafts } from './src/write-hooks';
import { createDraftsService, type DraftsService } from './src/drafts-service';
import { DRAFTS_GRAPHQL } from './src/graphql-declarations';

export { PUBLISHED_AT, hasDraftAndPublish } from './src/extend-schemas';
export { modelHasDrafts, PUBLICATION_STATES, type PublicationState } from './src/publication-state';
export type { DraftsService, PublicationWrite } from './src/drafts-service';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::draft-publish.drafts': DraftsService;
  }
}

const PLUGIN_NAME = 'draft-publish';

/** After the kernel's own taps (createdAt/updatedAt), before i18n adds `locale`. */
export const EXTEND_SCHEMAS_STAGE = 100;

export default definePlugin({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  services: {
    drafts: () => createDraftsService(),
  },
  register(ctx) {
    ctx.hooks.extendSchemas.tap({ name: PLUGIN_NAME, stage: EXTEND_SCHEMAS_STAGE }, addPublishedAt);
    const contentApi = ctx.service('plugin::query-engine.content-api');
    // GraphQL and the API's document read these (its argument, drafts created over GraphQL)
    contentApi.params.declare(PUBLICATION_STATE_PARAM);
    contentApi.declarations.graphql.model(PLUGIN_NAME, DRAFTS_GRAPHQL);
    const hooks = ctx.service('plugin::query-engine.hooks');
    hooks.validateParams.tap(PLUGIN_NAME, ({ params }) => validatePublicationState(params));
    hooks.scope.tap(PLUGIN_NAME, scopePublicationState);
    hooks.beforeCreate.tapPromise(PLUGIN_NAME, async (context) => publishOnCreate(context));
    hooks.beforeValidate.tapPromise(PLUGIN_NAME, async (context) => relaxRequiredForDrafts(context));
  },
});
