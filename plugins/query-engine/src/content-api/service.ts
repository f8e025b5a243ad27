/**
 * The content-API contract as one service, `plugin::query-engine.content-api` (see types.ts
 * for how transports and guarding plugins use it). It holds no request state: every method
 * takes the request's context.
 */
import { ForbiddenError, type Model, type ModelRegistry } from '@platform/core';
import type { FindParams } from '../types';
import { createContentApiHooks, type ContentApiHooks } from './hooks';
import { dropRestricted, pickWritableKeys } from './input';
import { OutputSanitizer, privateKeys, sanitizePrivate } from './output';
import { createParamRegistry, ENGINE_PARAMS, type ParamRegistry } from './params';
import { restrictQuery } from './restrict-query';
import { mergePopulatePieces } from '../read/populate/merge-pieces';
import type { AuthorizeRequest, ContentApiContext, FieldRestriction } from './types';

export interface ContentApi {
  readonly hooks: ContentApiHooks;
  /** the client query parameters: the engine's own and those plugins declare in `register` */
  readonly params: ParamRegistry;
  /** Runs the `authorize` taps; a denial is the transport's 403 ForbiddenError. */
  authorize(request: Omit<AuthorizeRequest, 'permission'>): Promise<void>;
  /** A 400 `Invalid parameter <name>` when a declared parameter has the wrong shape. */
  validateQuery(query: Record<string, unknown> | undefined, context: ContentApiContext): void;
  /**
   * The declared parameters of `query` only (never an internal flag); a 400 when it selects,
   * filters or sorts on what the caller may not read (`restrictRead`); then the `sanitizeQuery` taps.
   */
  sanitizeQuery(model: Model, query: Record<string, unknown> | undefined, context: ContentApiContext): FindParams;
  /** A write's data without non-writable keys and without what the caller may not write. */
  sanitizeInput(model: Model, data: Record<string, unknown>, context: ContentApiContext): Record<string, unknown>;
  /** Flat entities (or a list) without private attributes and what the caller may not read, at every depth. */
  sanitizeOutput<T>(model: Model | undefined, data: T, context: ContentApiContext): T;
}

/** Strapi v4's words for a denied content-API action, per transport. */
const DENIED = { rest: 'Forbidden', graphql: 'Forbidden access' } as const;

export function createContentApi(models: () => ModelRegistry): ContentApi {
  const hooks = createContentApiHooks();
  const params = createParamRegistry();
  for (const declaration of ENGINE_PARAMS) params.declare(declaration);

  /** What the taps of `hook` restrict for this caller, asked once per model. */
  const restrictions = (hook: ContentApiHooks['restrictRead'], context: ContentApiContext) => {
    const seen = new Map<Model, Set<string>>();
    return (model: Model): Set<string> => {
      let fields = seen.get(model);
      if (!fields) {
        const restriction: FieldRestriction = { model, context, fields: new Set() };
        hook.call(restriction);
        fields = restriction.fields;
        seen.set(model, fields);
      }
      return fields;
    };
  };

  return {
    hooks,
    params,
    async authorize(request) {
      if (hooks.authorize.taps.length === 0) return;
      const verdict = await hooks.authorize.promise({ ...request, permission: `${request.uid}.${request.action}` });
      if (verdict === false) throw new ForbiddenError(DENIED[request.context.transport], {});
      if (verdict) throw new ForbiddenError(DENIED[request.context.transport], verdict.details);
    },
    validateQuery(query) {
      params.validate(query);
    },
    sanitizeQuery(model, query, context) {
      const picked = params.pick(query);
      // one populate object, however an older client split it, before it is checked
      if (picked.populate !== undefined) picked.populate = mergePopulatePieces(picked.populate) as FindParams['populate'];
      if (hooks.restrictRead.taps.length > 0) restrictQuery(model, picked, models(), restrictions(hooks.restrictRead, context));
      if (hooks.sanitizeQuery.taps.length > 0) hooks.sanitizeQuery.call({ model, context, query: picked });
      return picked;
    },
    sanitizeInput(model, data, context) {
      const writable = pickWritableKeys(model, data);
      if (hooks.restrictWrite.taps.length === 0) return writable;
      return dropRestricted(model, writable, models(), restrictions(hooks.restrictWrite, context));
    },
    sanitizeOutput<T>(model: Model | undefined, data: T, context: ContentApiContext): T {
      if (hooks.restrictRead.taps.length === 0) return sanitizePrivate(data, model, models()) as T;
      const restricted = restrictions(hooks.restrictRead, context);
      const hidden = new Map<Model, string[]>();
      const hiddenOf = (m: Model): string[] => {
        let keys = hidden.get(m);
        if (!keys) {
          keys = [...new Set([...privateKeys(m), ...restricted(m)])];
          hidden.set(m, keys);
        }
        return keys;
      };
      return new OutputSanitizer(models(), hiddenOf, false).sanitize(data, model) as T;
    },
  };
}
