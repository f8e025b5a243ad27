/**
 * Draft & publish in the GraphQL schema, contributed through the graphql plugin's extension
 * service when that plugin is enabled: the `PublicationState` enum, a `publicationState`
 * argument on the list, single-entry and single-type queries of types with drafts (the engine
 * takes it as the REST parameter of the same name) and on their to-many relation fields (as
 * Strapi v4's: `LIVE` by default whatever the root asked, read as that relation's level
 * parameter), and `create*` mutations that create drafts, as Strapi v4's GraphQL does (unlike
 * its REST POST), unless `data.publishedAt` is sent. A draft may lack its required attributes,
 * so on a type with drafts they are nullable in the schema, as Strapi v4 declares them: a
 * draft without a title is listed with `title: null`, not an error.
 */
// Types only: the graphql plugin hands these in when it builds its schema.
import type { Model, ModelRegistry } from '@platform/core';
import type { Extension, ExtensionArgs, GraphqlMiddleware, ResolverConfig } from '@platform/graphql';
import type { DraftsService } from './drafts-service';

const PUBLICATION_STATE_ARG = { type: 'PublicationState', defaultValue: 'live' };

/** The to-many relation attributes of `model` whose target has drafts. */
function relationsToDrafts(model: Model, models: ModelRegistry, drafts: DraftsService): string[] {
  const out: string[] = [];
  for (const field of model.fields.values()) {
    if (field.kind !== 'relation' || !field.toMany) continue;
    const target = models.find(field.target);
    if (target && drafts.hasDrafts(target)) out.push(field.name);
  }
  return out;
}

export function draftPublishGraphql(drafts: DraftsService) {
  return ({ composer, models, names, isExposed }: ExtensionArgs): Extension => {
    composer.createEnumTC({ name: 'PublicationState', values: { LIVE: { value: 'live' }, PREVIEW: { value: 'preview' } } });
    const resolversConfig: Record<string, ResolverConfig> = {};
    const withDrafts = models.contentTypes().filter((model) => drafts.hasDrafts(model) && isExposed(model));
    for (const model of withDrafts) {
      const startAsDraft: GraphqlMiddleware = (next, parent, args, context, info) => {
        if (args.data && typeof args.data === 'object') drafts.startAsDraft(model, args.data as Record<string, unknown>);
        return next(parent, args, context, info);
      };
      resolversConfig[`Mutation.${names.operationNames(model).create}`] = { middlewares: [startAsDraft] };
    }
    return {
      resolversConfig,
      plugins: [
        (schema) => {
          for (const model of withDrafts) {
            const { find, findOne } = names.operationNames(model);
            for (const field of [find, findOne]) {
              if (schema.Query.hasField(field)) schema.Query.setFieldArg(field, 'publicationState', PUBLICATION_STATE_ARG);
            }
          }
          for (const model of withDrafts) {
            const tc = schema.getOTC(names.typeName(model));
            for (const field of model.fields.values()) {
              if ((field.attribute as { required?: unknown }).required === true && tc.hasField(field.name)) tc.makeFieldNullable(field.name);
            }
          }
          for (const model of [...models.contentTypes(), ...models.components()]) {
            const type = names.typeName(model);
            if (!schema.has(type)) continue;
            const tc = schema.getOTC(type);
            for (const field of relationsToDrafts(model, models, drafts)) if (tc.hasField(field)) tc.setFieldArg(field, 'publicationState', PUBLICATION_STATE_ARG);
          }
        },
      ],
    };
  };
}
