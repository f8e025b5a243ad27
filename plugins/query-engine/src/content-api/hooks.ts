/**
 * The extension points of the content-API contract, declared once and guarded like every hooks
 * object. Everything here is transport-neutral: a tap runs the same way for REST and GraphQL.
 */
import { AsyncSeriesBailHook, SyncHook } from 'tapable';
import { guardHooks } from '@platform/core';
import type { AuthorizeRequest, Denial, FieldRestriction, QuerySanitizing } from './types';

export function createContentApiHooks() {
  return guardHooks('query-engine.content-api', {
    /**
     * Before a content-type action runs. A tap returns `false` to deny (the transport answers
     * its 403), or a `Denial` to deny with the details that 403 carries, or throws (an UnauthorizedError, say); returning nothing lets the next tap
     * decide. Untapped, every action is allowed.
     */
    // biome-ignore lint/suspicious/noConfusingVoidType: tapable's bail hooks go on when a tap returns nothing
    authorize: new AsyncSeriesBailHook<[AuthorizeRequest], false | Denial | void>(['request']),
    /** after the declared parameters were picked: change the query, or throw a ValidationError */
    sanitizeQuery: new SyncHook<[QuerySanitizing]>(['sanitizing']),
    /**
     * attributes a caller may not read: removed from every response at every depth, and not
     * usable in `fields`, `filters`, `sort` (400) or searched by `_q`
     */
    restrictRead: new SyncHook<[FieldRestriction]>(['restriction']),
    /** attributes a caller may not write: dropped from the data, in components and zones too */
    restrictWrite: new SyncHook<[FieldRestriction]>(['restriction']),
  });
}

export type ContentApiHooks = ReturnType<typeof createContentApiHooks>;
