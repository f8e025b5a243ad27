/**
 * The content-API context of a REST request, for every plugin that serves content-API routes
 * (content-manager's controllers, upload's, i18n's localizations endpoint): who calls is what
 * the kernel's `authenticate` taps left in `ctx.state.auth` (null: nobody). It is one object per
 * request, made at the first call, so the request's decisions (./access.ts) are made once
 * however many operations and helpers ask for them.
 */
import type { RequestContext } from '@platform/core';
import type { ContentApiContext } from './types';

const ofRequest = new WeakMap<RequestContext, ContentApiContext>();

export function restContext(ctx: RequestContext): ContentApiContext {
  let context = ofRequest.get(ctx);
  // a request authenticated after a first call (a route that signs its caller in) is another caller
  if (!context || context.auth !== (ctx.state.auth ?? null)) {
    context = { transport: 'rest', auth: ctx.state.auth ?? null, request: ctx };
    ofRequest.set(ctx, context);
  }
  return context;
}
