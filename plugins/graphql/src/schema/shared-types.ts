/**
 * The types every generated schema has: the scalars, the per-scalar filter inputs,
 * `Pagination`, `ResponseCollectionMeta`, `PaginationArg`, and `Error` (the member of every
 * dynamic-zone union that stands for an item of an unknown component).
 */
import type { Model } from '@platform/core';
import type { ObjectTypeComposerArgumentConfigMapDefinition, SchemaComposer } from 'graphql-compose';
import { filtersInputName } from '../naming';
import { addScalarFilterInputs } from './filter-inputs';
import { addScalars } from './scalars';
import type { GraphqlContext } from '../types';

export function addSharedTypes(composer: SchemaComposer<GraphqlContext>): void {
  addScalars(composer as SchemaComposer<unknown>);
  addScalarFilterInputs(composer as SchemaComposer<unknown>);
  composer.createObjectTC({ name: 'Pagination', fields: { total: 'Int!', page: 'Int!', pageSize: 'Int!', pageCount: 'Int!' } });
  composer.createObjectTC({ name: 'ResponseCollectionMeta', fields: { pagination: 'Pagination!' } });
  composer.createInputTC({ name: 'PaginationArg', fields: { page: 'Int', pageSize: 'Int', start: 'Int', limit: 'Int' } });
  composer.createObjectTC({ name: 'Error', fields: { code: 'String!', message: 'String' } });
}

/** The arguments of a list of entries or components: filters, pagination, sort. */
export function relationArgs(target: Model): ObjectTypeComposerArgumentConfigMapDefinition {
  return {
    filters: filtersInputName(target),
    pagination: { type: 'PaginationArg', defaultValue: {} },
    sort: { type: '[String]', defaultValue: [] },
  };
}

/** The arguments of a list query. */
export function collectionArgs(model: Model): ObjectTypeComposerArgumentConfigMapDefinition {
  return relationArgs(model);
}
