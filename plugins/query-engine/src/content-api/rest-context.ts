/**
 * The content-API context of a REST request, for every plugin that serves content-API routes
 * (content-manager's controllers, i18n's localizations endpoint): who calls is what the
 * kernel's `authenticate` taps left in `ctx.state.auth` (null: nobody).
 */
import type { RequestContext } from '@platform/core';
import type { ContentApiContext } from './types';

export function restContext(ctx: RequestContext): ContentApiContext {
  return { transport: 'rest', auth: ctx.state.auth ?? null, request: ctx };
}
