/**
 * The REST side of the content-API contract (`plugin::query-engine.content-api`): the request
 * context a REST call is checked and sanitized with, built from the koa context. What may be
 * sent and shown is decided by the contract, the same for every transport.
 */
import type { Model, ModelRegistry, RequestContext } from '@platform/core';
import { sanitizePrivate, type ContentApiContext } from '@platform/query-engine';

/** Who calls, as the kernel's `authenticate` taps left it in `ctx.state.auth` (null: nobody). */
export function restContext(ctx: RequestContext): ContentApiContext {
  return { transport: 'rest', auth: ctx.state.auth ?? null, request: ctx };
}

/**
 * Removes private and password attributes from a flat entity (or list), at every depth, for a
 * caller without a request; a controller uses its `sanitizeOutput(data, ctx)` helper instead,
 * which also applies what the caller may not read.
 */
export function sanitizeOutput(value: unknown, model: Model | undefined, models: ModelRegistry): unknown {
  return sanitizePrivate(value, model, models);
}
