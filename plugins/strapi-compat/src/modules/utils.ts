/**
 * What `require('@strapi/utils')` gives a Strapi v4 project's code: the errors the platform
 * answers in Strapi's envelope (`throw new errors.ValidationError(...)` is a 400 as in Strapi),
 * and `sanitize.contentAPI` (the query engine's content-API contract, for the running app).
 */
import * as core from '@platform/core';
import { errors } from '../errors';
import type { ContentApi, ContentApiAuth, ContentApiContext, FindParams } from '@platform/query-engine';

/** `errors` of `@strapi/utils` (exported under that name below). */
const strapiErrors = {
  ApplicationError: core.ApplicationError,
  ValidationError: core.ValidationError,
  PaginationError: core.PaginationError,
  UnauthorizedError: core.UnauthorizedError,
  ForbiddenError: core.ForbiddenError,
  PolicyError: core.PolicyError,
  NotFoundError: core.NotFoundError,
  MethodNotAllowedError: core.MethodNotAllowedError,
  PayloadTooLargeError: core.PayloadTooLargeError,
  RateLimitError: core.RateLimitError,
  NotImplementedError: core.NotImplementedError,
};

interface RunningStrapi {
  platform: core.Platform;
  requestContext: { get(): core.RequestContext | undefined };
}

/** The app being served: Strapi's helpers read the global `strapi` the same way. */
function running(): RunningStrapi {
  const found = (globalThis as { strapi?: RunningStrapi }).strapi;
  if (!found) throw errors.internal('NOT_RUNNING', '@strapi/utils sanitize needs a running app (the global strapi)');
  return found;
}

function contract(schema: { uid: string }): { api: ContentApi; model: core.Model; context: ContentApiContext } {
  const strapi = running();
  const api = strapi.platform.service<ContentApi>('plugin::query-engine.content-api');
  const request = strapi.requestContext.get();
  const auth = (request?.state.auth ?? null) as ContentApiAuth | null;
  return { api, model: strapi.platform.models.get(schema.uid), context: { transport: 'rest', auth, request } };
}

function withAuth(context: ContentApiContext, options: { auth?: unknown } | undefined): ContentApiContext {
  return options?.auth === undefined ? context : { ...context, auth: options.auth as ContentApiAuth | null };
}

export const sanitize = {
  contentAPI: {
    async input(data: Record<string, unknown>, schema: { uid: string }, options?: { auth?: unknown }) {
      const { api, model, context } = contract(schema);
      return api.sanitizeInput(model, data, withAuth(context, options));
    },
    async output<T>(data: T, schema: { uid: string }, options?: { auth?: unknown }): Promise<T> {
      const { api, model, context } = contract(schema);
      return api.sanitizeOutput(model, data, withAuth(context, options));
    },
    async query(query: Record<string, unknown>, schema: { uid: string }, options?: { auth?: unknown }): Promise<FindParams> {
      const { api, model, context } = contract(schema);
      return api.sanitizeQuery(model, query, withAuth(context, options));
    },
  },
};

export { strapiErrors as errors };
export default { errors: strapiErrors, sanitize };
