/**
 * The query-engine plugin: one entity service and query language for REST and GraphQL, and
 * the content-API contract both transports apply (client parameters, sanitizing, authorization).
 */
import { definePlugin } from '@platform/core';
import { createQueryHooks, type QueryHooks } from './src/hooks';
import { createEntityService } from './src/entity-service';
import { loadLifecycles } from './src/lifecycles';
import { applySearchScope } from './src/read/search';
import type { Engine } from './src/engine';
import type { EntityService } from './src/types';
import { createContentApi, type ContentApi } from './src/content-api/service';

export * from './src/types';
export type { QueryHooks } from './src/hooks';
export { toId } from './src/entity-service';
export { SYSTEM_KEYS, isWritableKey } from './src/write/writable-keys';
export { UPLOAD_FILE_UID, mediaMorphTable, targetUid, targetModel } from './src/link-targets';
export { INT4_RANGE, MAX_ID, parseId, isStorableId, storableIds } from './src/ids';
export { toDatabaseValue } from './src/write/db-values';
export { fromDatabaseValue, storedColumn } from './src/stored-value';
export { createContentApi, type ContentApi } from './src/content-api/service';
export type { ContentApiHooks } from './src/content-api/hooks';
export { sanitizePrivate } from './src/content-api/output';
export { restContext } from './src/content-api/rest-context';
export { ENGINE_PARAMS, INTERNAL_PARAMS, type ParamRegistry } from './src/content-api/params';
export type * from './src/content-api/types';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::query-engine.entity-service': EntityService;
    'plugin::query-engine.hooks': QueryHooks;
    'plugin::query-engine.engine': Engine;
    'plugin::query-engine.content-api': ContentApi;
  }
}

export default definePlugin({
  name: 'query-engine',
  services: {
    engine: ({ platform }) => ({ platform, hooks: createQueryHooks(), lifecycles: new Map() }) satisfies Engine,
    hooks: ({ platform }) => platform.service('plugin::query-engine.engine').hooks,
    'entity-service': ({ platform }) => createEntityService(platform.service('plugin::query-engine.engine')),
    'content-api': ({ platform }) => createContentApi(() => platform.models),
  },
  register({ platform }) {
    platform.service('plugin::query-engine.hooks').scope.tap('query-engine:search', applySearchScope);
    // Plugins declare their client parameters in their own `register`; the kernel's register
    // hook runs after all of them, and the set of parameters is fixed from then on.
    platform.hooks.register.tap('query-engine:content-api', () => platform.service('plugin::query-engine.content-api').params.lock());
  },
  bootstrap({ platform }) {
    loadLifecycles(platform, platform.service('plugin::query-engine.engine'));
  },
});
