/**
 * Draft & publish in the GraphQL schema, contributed through the graphql plugin's extension
 * service when that plugin is enabled: the `PublicationState` enum, a `publicationState`
 * argument on the list, single-entry and single-type queries of types with drafts (the engine
 * takes it as the REST parameter of the same name), and `create*` mutations that create drafts,
 * as Strapi v4's GraphQL does (unlike its REST POST), unless `data.publishedAt` is sent.
 */
// Types only: the graphql plugin hands these in when it builds its schema.
import type { Extension, ExtensionArgs, GraphqlMiddleware, ResolverConfig } from '@platform/graphql';
import type { DraftsService } from './drafts-service';

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
              if (schema.Query.hasField(field)) schema.Query.setFieldArg(field, 'publicationState', { type: 'PublicationState', defaultValue: 'live' });
            }
          }
        },
      ],
    };
  };
}
