/**
 * The extension points of the content-API contract, declared once and guarded like every hooks
 * object. Everything here is transport-neutral: a tap runs the same way for REST and GraphQL.
 */
import { SyncHook } from 'tapable';
import { guardHooks } from '@platform/core';
import type { AccessRequest, QuerySanitizing } from './types';

export function createContentApiHooks() {
  return guardHooks('query-engine.content-api', {
    /**
     * Asked once per request, when its first operation needs a decision: a guard adds the
     * caller's rules (`request.rules.push(...)`). Untapped, every action is allowed and nothing
     * is restricted.
     */
    access: new SyncHook<[AccessRequest]>(['request']),
    /** after the declared parameters were picked: change the query, or throw a ValidationError */
    sanitizeQuery: new SyncHook<[QuerySanitizing]>(['sanitizing']),
  });
}

export type ContentApiHooks = ReturnType<typeof createContentApiHooks>;
