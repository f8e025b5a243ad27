/**
 * The query-engine plugin: one entity service and query language for REST and GraphQL, and
 * the content-API operations every transport calls (authorization, client parameters, sanitizing, once).
 */
import { definePlugin } from '@platform/core';
import { createQueryHooks, type QueryHooks } from './src/hooks';
import { createEntityService } from './src/entity-service';
import { loadLifecycles } from './src/lifecycles';
import { applySearchScope } from './src/read/search';
import { createEngine, type Engine } from './src/engine';
import type { EntityService } from './src/types';
import { FieldKindRegistry } from './src/field-kinds/registry';
import { errors } from './src/errors';
import { createContentApi, type ContentApi } from './src/content-api/service';

export * from './src/types';
export type { QueryHooks } from './src/hooks';
export { toId } from './src/entity-service';
export { SYSTEM_KEYS, isWritableKey } from './src/write/writable-keys';
export { targetUid, targetModel } from './src/link-targets';
export type { FieldKind, FieldLink, FieldInput } from './src/field-kinds/types';
export type { FieldKindRegistry } from './src/field-kinds/registry';
export { MAX_RELATION_IDS, parseRelationValue, toSingle, uniqueIds, linkedIds, invalidRelationInput, type RelationInput, type ConnectItem, type Position } from './src/write/relation-input';
export { relationIssue, missingRelationsIssue } from './src/write/relation-issues';
export { INT4_RANGE, MAX_ID, parseId, isStorableId, storableIds } from './src/ids';
export { SQL_CHUNK, INSERT_CHUNK, DELETE_CHUNK, chunks } from './src/chunks';
export { toDatabaseValue } from './src/write/db-values';
export { isUniqueViolation } from './src/write/db-errors';
export { whereVisibleRows } from './src/read/query/hidden-rows';
export { fromDatabaseValue, storedColumn } from './src/stored-value';
export { createContentApi, type ContentApi } from './src/content-api/service';
export type { ContentApiHooks } from './src/content-api/hooks';
export { writePayload, type ContentOperations, type OperationInput, type TransportSteps } from './src/content-api/operations';
export { entityStore, singleEntityStore, type EntryStore, type SingleEntryStore } from './src/content-api/entry-store';
export { sanitizePrivate } from './src/content-api/output';
export { isPopulatableCreator, type Creator } from './src/read/populate/creators';
export { restContext } from './src/content-api/rest-context';
export { ENGINE_PARAMS, INTERNAL_PARAMS, type ParamRegistry } from './src/content-api/params';
export type * from './src/content-api/types';
export { modelSchemaRef, parseModelSchemaRef } from './src/content-api/declarations';
export { selects } from './src/content-api/graphql-declarations';
export type {
  GraphqlDeclarations,
  GraphqlInputField,
  GraphqlInputTypeDeclaration,
  GraphqlModelRule,
  GraphqlObjectTypeDeclaration,
  GraphqlOperationCall,
  GraphqlOperationDeclaration,
  GraphqlScalarDeclaration,
  DisposableMultipartParts,
  ModelSelector,
  MultipartReader,
} from './src/content-api/graphql-declarations';
export type { Declarations, JsonSchema, RouteDescription, RouteMatch, RouteDeclaration, RouteAccessContext, CredentialsDeclaration } from './src/content-api/declarations';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::query-engine.entity-service': EntityService;
    'plugin::query-engine.hooks': QueryHooks;
    'plugin::query-engine.engine': Engine;
    'plugin::query-engine.field-kinds': FieldKindRegistry;
    'plugin::query-engine.content-api': ContentApi;
  }
}

export type { Engine } from './src/engine';

export default definePlugin({
  name: 'query-engine',
  errors: errors.table,
  services: {
    engine: (ctx) => createEngine(ctx, createQueryHooks(), new FieldKindRegistry()),
    hooks: (ctx) => ctx.service('plugin::query-engine.engine').hooks,
    'field-kinds': (ctx) => ctx.service('plugin::query-engine.engine').fieldKinds,
    'entity-service': (ctx) => createEntityService(ctx.service('plugin::query-engine.engine')),
    'content-api': (ctx) =>
      createContentApi(
        () => ctx.models,
        () => ctx.service('plugin::query-engine.entity-service'),
      ),
  },
  register(ctx) {
    ctx.service('plugin::query-engine.hooks').scope.tap('query-engine:search', applySearchScope);
    // Plugins declare their client parameters in their own `register`; the kernel's register
    // hook runs after all of them, and the set of parameters is fixed from then on.
    ctx.hooks.register.tap('query-engine:content-api', () => ctx.service('plugin::query-engine.content-api').params.lock());
  },
  bootstrap(ctx) {
    const engine = ctx.service('plugin::query-engine.engine');
    engine.fieldKinds.seal(ctx.models);
    loadLifecycles(ctx, engine);
  },
});
