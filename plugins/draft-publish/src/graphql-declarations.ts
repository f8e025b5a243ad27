/**
 * Draft & publish on GraphQL, declared to the content API as data (the graphql plugin reads it
 * when it builds its schema): `publicationState` is an argument, of enum type
 * `PublicationState`, of the list, single-entry and single-type queries of types with drafts
 * and of their to-many relation fields (as Strapi v4's: `LIVE` by default whatever the root
 * asked, read as that relation's level parameter); `create*` mutations create drafts, as
 * Strapi v4's GraphQL does (unlike its REST POST), unless `data.publishedAt` is sent. A draft
 * may lack its required attributes, so on a type with drafts they are nullable in the schema,
 * as Strapi v4 declares them: a draft without a title is listed with `title: null`, not an error.
 */
import type { GraphqlModelRule, ParamGraphql } from '@platform/query-engine';
import { PUBLISHED_AT } from './extend-schemas';
import { modelHasDrafts } from './publication-state';

export const PUBLICATION_STATE_GRAPHQL: ParamGraphql = {
  type: 'PublicationState',
  enum: { name: 'PublicationState', values: { LIVE: 'live', PREVIEW: 'preview' } },
  defaultValue: 'live',
  relations: true,
};

export const DRAFTS_GRAPHQL: GraphqlModelRule = {
  models: modelHasDrafts,
  optionalRequired: true,
  createDefaults: { [PUBLISHED_AT]: null },
};
