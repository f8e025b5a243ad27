/**
 * The query engine's own extension points (published here rather than on the kernel), guarded
 * like the kernel's: an unexpected error in a tap names the hook and the tap.
 */
import { AsyncSeriesHook, SyncHook } from 'tapable';
import type { FindParams, ReadContext, ScopeContext, UniqueScopeContext, WriteContext } from './types';
import { guardHooks, type Model } from '@platform/core';

export function createQueryHooks() {
  return guardHooks('query-engine', {
    /**
     * validate the values of plugin parameters (`publicationState`, `locale`) before a read;
     * throw ValidationError. Their names and shapes are declared to the content-API contract.
     */
    validateParams: new SyncHook<[{ model: Model; params: FindParams }]>(['context']),
    /** add conditions to a read at the root and at every populated level */
    scope: new SyncHook<[ScopeContext]>(['context']),
    /** narrow the unique check of an attribute on writes (i18n: unique per locale) */
    scopeUnique: new SyncHook<[UniqueScopeContext]>(['context']),
    /**
     * create and update, after the before* hooks and lifecycles, just before `data` is
     * validated: plugins may set `relaxRequired` (draft & publish does for drafts)
     */
    beforeValidate: new AsyncSeriesHook<[WriteContext]>(['context']),
    /** before a list or page is read (params may be changed) and after, with the entries */
    beforeFindMany: new AsyncSeriesHook<[ReadContext]>(['context']),
    afterFindMany: new AsyncSeriesHook<[ReadContext]>(['context']),
    /** before an entry is read by id (params may be changed) and after, with the entry or null */
    beforeFindOne: new AsyncSeriesHook<[ReadContext]>(['context']),
    afterFindOne: new AsyncSeriesHook<[ReadContext]>(['context']),
    beforeCreate: new AsyncSeriesHook<[WriteContext]>(['context']),
    afterCreate: new AsyncSeriesHook<[WriteContext]>(['context']),
    beforeUpdate: new AsyncSeriesHook<[WriteContext]>(['context']),
    afterUpdate: new AsyncSeriesHook<[WriteContext]>(['context']),
    beforeDelete: new AsyncSeriesHook<[WriteContext]>(['context']),
    afterDelete: new AsyncSeriesHook<[WriteContext]>(['context']),
  });
}

export type QueryHooks = ReturnType<typeof createQueryHooks>;
