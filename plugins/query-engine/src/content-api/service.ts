/**
 * The content-API contract as one service, `plugin::query-engine.content-api` (see types.ts
 * for how transports and guarding plugins use it): the operations every transport calls
 * (./operations.ts), and the protocol's steps they are made of. It holds no request state but
 * the decisions of each request, kept with the request's context object (./access.ts).
 */
import { ForbiddenError, type Model, type ModelRegistry } from '@platform/core';
import type { EntityService, FindParams } from '../types';
import { createAccessMemo } from './access';
import { createContentApiHooks, type ContentApiHooks } from './hooks';
import { dropRestricted, pickWritableKeys } from './input';
import { createOperations, type ContentOperations } from './operations';
import { OutputSanitizer, privateKeys, sanitizePrivate } from './output';
import { createDeclarations, type Declarations } from './declarations';
import { createParamRegistry, ENGINE_PARAMS, type ParamRegistry } from './params';
import { restrictQuery } from './restrict-query';
import { mergePopulatePieces } from '../read/populate/merge-pieces';
import type { AuthorizeRequest, ContentApiContext } from './types';

export interface ContentApi extends ContentOperations {
  readonly hooks: ContentApiHooks;
  /** the client query parameters: the engine's own and those plugins declare in `register` */
  readonly params: ParamRegistry;
  /** what features declare for the transports to read: route descriptions, schemas, credentials, public access */
  readonly declarations: Declarations;
  /** Whether the caller may run `action` on `uid`, from the request's decisions (a rule's own error is thrown). */
  can(request: AuthorizeRequest): boolean;
  /** A denied action is the transport's 403 ForbiddenError, with the details the denying rule gives. */
  authorize(request: AuthorizeRequest): Promise<void>;
  /** A 400 `Invalid parameter <name>` when a declared parameter has the wrong shape. */
  validateQuery(query: Record<string, unknown> | undefined, context: ContentApiContext): void;
  /**
   * The declared parameters of `query` only (never an internal flag); a 400 when it selects,
   * filters or sorts on what the caller may not read; then the `sanitizeQuery` taps.
   */
  sanitizeQuery(model: Model, query: Record<string, unknown> | undefined, context: ContentApiContext): FindParams;
  /** A write's data without non-writable keys and without what the caller may not write. */
  sanitizeInput(model: Model, data: Record<string, unknown>, context: ContentApiContext): Record<string, unknown>;
  /** Flat entities (or a list) without private attributes and what the caller may not read, at every depth. */
  sanitizeOutput<T>(model: Model | undefined, data: T, context: ContentApiContext): T;
}

/** Strapi v4's words for a denied content-API action, per transport. */
const DENIED = { rest: 'Forbidden', graphql: 'Forbidden access' } as const;

export function createContentApi(models: () => ModelRegistry, entities: () => EntityService): ContentApi {
  const hooks = createContentApiHooks();
  const params = createParamRegistry();
  for (const declaration of ENGINE_PARAMS) params.declare(declaration);
  const access = createAccessMemo(hooks);

  const can = ({ context, uid, action }: AuthorizeRequest): boolean => access(context).can(`${uid}.${action}`);

  const steps = {
    async authorize(request: AuthorizeRequest) {
      if (can(request)) return;
      const details = await access(request.context).explain(`${request.uid}.${request.action}`);
      throw new ForbiddenError(DENIED[request.context.transport], details);
    },
    validateQuery(query: Record<string, unknown> | undefined) {
      params.validate(query);
    },
    sanitizeQuery(model: Model, query: Record<string, unknown> | undefined, context: ContentApiContext) {
      const picked = params.pick(query);
      // one populate object, however an older client split it, before it is checked
      if (picked.populate !== undefined) picked.populate = mergePopulatePieces(picked.populate) as FindParams['populate'];
      const caller = access(context);
      if (caller.restrictsRead) restrictQuery(model, picked, models(), caller.unreadable);
      if (hooks.sanitizeQuery.taps.length > 0) hooks.sanitizeQuery.call({ model, context, query: picked });
      return picked;
    },
    sanitizeInput(model: Model, data: Record<string, unknown>, context: ContentApiContext) {
      const writable = pickWritableKeys(model, data);
      const caller = access(context);
      return caller.restrictsWrite ? dropRestricted(model, writable, models(), caller.unwritable) : writable;
    },
    sanitizeOutput<T>(model: Model | undefined, data: T, context: ContentApiContext): T {
      const caller = access(context);
      if (!caller.restrictsRead) return sanitizePrivate(data, model, models()) as T;
      const hidden = new Map<Model, string[]>();
      const hiddenOf = (m: Model): string[] => {
        let keys = hidden.get(m);
        if (!keys) {
          keys = [...new Set([...privateKeys(m), ...caller.unreadable(m)])];
          hidden.set(m, keys);
        }
        return keys;
      };
      return new OutputSanitizer(models(), hiddenOf, false).sanitize(data, model) as T;
    },
  };

  return {
    hooks,
    params,
    declarations: createDeclarations(),
    can,
    ...steps,
    ...createOperations(steps, models, entities),
  };
}
