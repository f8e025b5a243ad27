/**
 * The query-engine plugin: one entity service and query language for REST and GraphQL.
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

export * from './src/types';
export type { QueryHooks } from './src/hooks';
export { toId } from './src/entity-service';
export { SYSTEM_KEYS, isWritableKey } from './src/write/writable-keys';
export { targetUid, targetModel } from './src/link-targets';
export type { FieldKind, FieldLink, FieldInput } from './src/field-kinds/types';
export type { FieldKindRegistry } from './src/field-kinds/registry';
export { parseRelationValue, toSingle, uniqueIds, linkedIds, invalidRelationInput, type RelationInput, type ConnectItem, type Position } from './src/write/relation-input';
export { relationIssue, missingRelationsIssue } from './src/write/relation-issues';
export { INT4_RANGE, MAX_ID, parseId, isStorableId, storableIds } from './src/ids';
export { toDatabaseValue } from './src/write/db-values';
export { fromDatabaseValue, storedColumn } from './src/stored-value';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::query-engine.entity-service': EntityService;
    'plugin::query-engine.hooks': QueryHooks;
    'plugin::query-engine.engine': Engine;
    'plugin::query-engine.field-kinds': FieldKindRegistry;
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
  },
  register(ctx) {
    ctx.service('plugin::query-engine.hooks').scope.tap('query-engine:search', applySearchScope);
  },
  bootstrap(ctx) {
    const engine = ctx.service('plugin::query-engine.engine');
    engine.fieldKinds.seal(ctx.models);
    loadLifecycles(ctx, engine);
  },
});
