/**
 * The query engine's own extension points (published here rather than on the kernel).
 */
import { AsyncSeriesHook, SyncHook } from 'tapable';
import type { FindParams, ScopeContext, UniqueScopeContext, WriteContext } from './types';
import type { Model } from '@platform/core';

export function createQueryHooks() {
  return Object.freeze({
    /** validate plugin parameters (`publicationState`, `locale`) before a read; throw ValidationError */
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
    beforeCreate: new AsyncSeriesHook<[WriteContext]>(['context']),
    afterCreate: new AsyncSeriesHook<[WriteContext]>(['context']),
    beforeUpdate: new AsyncSeriesHook<[WriteContext]>(['context']),
    afterUpdate: new AsyncSeriesHook<[WriteContext]>(['context']),
    beforeDelete: new AsyncSeriesHook<[WriteContext]>(['context']),
    afterDelete: new AsyncSeriesHook<[WriteContext]>(['context']),
  });
}

export type QueryHooks = ReturnType<typeof createQueryHooks>;
