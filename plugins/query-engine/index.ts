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

export * from './src/types';
export type { QueryHooks } from './src/hooks';
export { toId } from './src/entity-service';
export { SYSTEM_KEYS, isWritableKey } from './src/write/writable-keys';
export { UPLOAD_FILE_UID, mediaMorphTable, targetUid, targetModel } from './src/link-targets';
export { INT4_RANGE, MAX_ID, parseId, isStorableId, storableIds } from './src/ids';
export { toDatabaseValue } from './src/write/db-values';
export { fromDatabaseValue, storedColumn } from './src/stored-value';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::query-engine.entity-service': EntityService;
    'plugin::query-engine.hooks': QueryHooks;
    'plugin::query-engine.engine': Engine;
  }
}

export type { Engine } from './src/engine';

export default definePlugin({
  name: 'query-engine',
  services: {
    engine: (ctx) => createEngine(ctx, createQueryHooks()),
    hooks: (ctx) => ctx.service('plugin::query-engine.engine').hooks,
    'entity-service': (ctx) => createEntityService(ctx.service('plugin::query-engine.engine')),
  },
  register(ctx) {
    ctx.service('plugin::query-engine.hooks').scope.tap('query-engine:search', applySearchScope);
  },
  bootstrap(ctx) {
    loadLifecycles(ctx, ctx.service('plugin::query-engine.engine'));
  },
});
