/**
 * The root fields of the shadow CRUD, per content-type and action, unless the extension
 * service disabled them: `article`/`articles`, `createArticle`/`updateArticle`/`deleteArticle`;
 * for a single type its query, update and delete. Each carries the content-API action it needs
 * (the guard in ../execution/guard.ts asks `authorize` for it).
 */
import type { Model } from '@platform/core';
import type { ContentApiAction } from '@platform/query-engine';
import type { ObjectTypeComposerFieldConfigDefinition, SchemaComposer } from 'graphql-compose';
import * as naming from '../naming';
import { collectionArgs } from './shared-types';
import * as root from '../execution/root-resolvers';
import type { ContentTypeSwitches } from '../extension/shadow-crud';
import type { GraphqlContext } from '../types';

/** The action each generated root field needs, keyed `Query.articles`. */
export type GeneratedActions = Map<string, { uid: string; action: ContentApiAction }>;

type FieldConfig = ObjectTypeComposerFieldConfigDefinition<unknown, GraphqlContext>;

export function addOperations(composer: SchemaComposer<GraphqlContext>, deps: root.RootDeps, model: Model, switches: ContentTypeSwitches, actions: GeneratedActions): void {
  const names = naming.operationNames(model);
  const response = naming.entityResponseName(model);
  const add = (root: 'Query' | 'Mutation', name: string, action: ContentApiAction, config: FieldConfig) => {
    if (!switches.isActionEnabled(action)) return;
    composer[root].addFields({ [name]: config });
    actions.set(`${root}.${name}`, { uid: model.uid, action });
  };
  if (model.kind === 'singleType') {
    add('Query', names.findOne, 'find', { type: response, resolve: root.singleResolver(deps, model) });
    add('Mutation', names.update, 'update', { type: response, args: { data: `${naming.inputName(model)}!` }, resolve: root.updateSingleResolver(deps, model) });
    add('Mutation', names.delete, 'delete', { type: response, resolve: root.deleteSingleResolver(deps, model) });
    return;
  }
  add('Query', names.find, 'find', { type: naming.entityResponseCollectionName(model), args: collectionArgs(model), resolve: root.findResolver(deps, model) });
  add('Query', names.findOne, 'findOne', { type: response, args: { id: 'ID' }, resolve: root.findOneResolver(deps, model) });
  add('Mutation', names.create, 'create', { type: response, args: { data: `${naming.inputName(model)}!` }, resolve: root.createResolver(deps, model) });
  add('Mutation', names.update, 'update', { type: response, args: { id: 'ID!', data: `${naming.inputName(model)}!` }, resolve: root.updateResolver(deps, model) });
  add('Mutation', names.delete, 'delete', { type: response, args: { id: 'ID!' }, resolve: root.deleteResolver(deps, model) });
}
