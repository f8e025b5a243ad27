/**
 * The core controllers of Strapi v4: find, findOne, create, update, delete for a collection
 * type; find, update, delete for a single type. Each action is one content-API operation
 * (`plugin::query-engine.content-api`: authorize, validate, sanitize, the content-type's
 * service, sanitize the answer) and only translates shapes: the request's query and body in,
 * the `{ data, meta }` answer out. The operation stores through the content-type's service
 * (`api::<api>.<name>`, which the app may override). The helpers are methods too, so an
 * override can reuse them and `super` reaches the actions (the core controller is the
 * prototype of the app's object); an override that does not call `super` keeps the
 * operation's guarantee by calling `this.authorize(ctx, action)` and the sanitizers itself.
 */
import { isPlainObject, NotFoundError, type PluginContext, type RequestContext } from '@platform/core';
import { parseId, restContext, writePayload, type ContentApi, type ContentApiAction, type Entity, type FindParams, type OperationInput, type TransportSteps } from '@platform/query-engine';
import type { CollectionTypeService, SingleTypeService } from './core-service';
import { transformResponse, type RestData } from './transform-response';

export type RestResponse = { data: RestData; meta: Record<string, unknown> };

export interface ControllerHelpers {
  /** Throws the 403 ForbiddenError `Forbidden` when the contract's `authorize` taps deny `action`. */
  authorize(ctx: RequestContext, action: ContentApiAction): Promise<void>;
  sanitizeQuery(ctx: RequestContext): FindParams | Promise<FindParams>;
  validateQuery(ctx: RequestContext): void | Promise<void>;
  sanitizeInput(data: Record<string, unknown>, ctx: RequestContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Throws the 400 of Strapi v4 when `data` is not an object; returns it typed. */
  validateInput(data: unknown, ctx: RequestContext): Record<string, unknown>;
  sanitizeOutput<T>(data: T, ctx: RequestContext): T | Promise<T>;
  transformResponse(data: Entity | Entity[] | null | undefined, meta?: Record<string, unknown>): RestResponse | null | undefined;
}

export interface CollectionTypeController extends ControllerHelpers {
  find(ctx: RequestContext): Promise<RestResponse>;
  findOne(ctx: RequestContext): Promise<RestResponse>;
  create(ctx: RequestContext): Promise<RestResponse>;
  update(ctx: RequestContext): Promise<RestResponse>;
  delete(ctx: RequestContext): Promise<RestResponse>;
}

export interface SingleTypeController extends ControllerHelpers {
  find(ctx: RequestContext): Promise<RestResponse>;
  update(ctx: RequestContext): Promise<RestResponse>;
  delete(ctx: RequestContext): Promise<RestResponse>;
}

export type CoreController = CollectionTypeController | SingleTypeController;

/** The `data` of a POST/PUT body, unchecked (`validateInput` checks it). */
export function bodyData(ctx: RequestContext): unknown {
  const body = ctx.request.body;
  return isPlainObject(body) ? body.data : undefined;
}

/**
 * A missing entry is the 404 envelope `Not Found`. It is thrown rather than returned as null,
 * so an app override that reshapes `super.findOne(ctx)` never meets a null (a 500 in Strapi v4).
 */
function found(response: RestResponse | null | undefined): RestResponse {
  if (!response) throw new NotFoundError('Not Found', {});
  return response;
}

function createHelpers(platform: PluginContext, uid: string): ControllerHelpers {
  const model = () => platform.models.get(uid);
  const contract = (): ContentApi => platform.service('plugin::query-engine.content-api');
  return {
    authorize: (ctx, action) => contract().authorize({ context: restContext(ctx), uid, action }),
    sanitizeQuery: (ctx) => contract().sanitizeQuery(model(), ctx.query, restContext(ctx)),
    validateQuery: (ctx) => contract().validateQuery(ctx.query, restContext(ctx)),
    sanitizeInput: (data, ctx) => contract().sanitizeInput(model(), data, restContext(ctx)),
    validateInput: (data) => writePayload(data),
    sanitizeOutput: <T>(data: T, ctx: RequestContext) => contract().sanitizeOutput(model(), data, restContext(ctx)),
    transformResponse: (data, meta = {}) => transformResponse(data, meta, model(), platform.models),
  };
}

type Sanitizers = Pick<ControllerHelpers, 'validateQuery' | 'sanitizeQuery' | 'sanitizeInput' | 'sanitizeOutput'>;

/**
 * The steps an app's controller overrides, to run in the operation in place of the contract's:
 * Strapi v4's core actions call `this.sanitizeQuery(ctx)` and the other sanitizers, so an
 * override of one of them applies to `super.find(ctx)` and to the actions left as they are.
 */
function overriddenSteps(controller: Sanitizers, core: Sanitizers, ctx: RequestContext): TransportSteps | undefined {
  let steps: TransportSteps | undefined;
  if (controller.validateQuery !== core.validateQuery) steps = { ...steps, validateQuery: () => controller.validateQuery(ctx) };
  if (controller.sanitizeQuery !== core.sanitizeQuery) steps = { ...steps, sanitizeQuery: () => controller.sanitizeQuery(ctx) };
  if (controller.sanitizeInput !== core.sanitizeInput) steps = { ...steps, sanitizeInput: (data) => controller.sanitizeInput(data, ctx) };
  if (controller.sanitizeOutput !== core.sanitizeOutput) steps = { ...steps, sanitizeOutput: (data) => controller.sanitizeOutput(data, ctx) };
  return steps;
}

/** The operation's input for a REST request: its query string, as koa parsed it, the caller, and the controller's own steps. */
function operationInput(uid: string, ctx: RequestContext, controller: Sanitizers, core: Sanitizers): OperationInput {
  const steps = overriddenSteps(controller, core, ctx);
  return steps ? { uid, context: restContext(ctx), query: ctx.query, steps } : { uid, context: restContext(ctx), query: ctx.query };
}

export function createCollectionTypeController(platform: PluginContext, uid: string): CollectionTypeController {
  const contentApi = (): ContentApi => platform.service('plugin::query-engine.content-api');
  const store = () => platform.service<CollectionTypeService>(uid);
  // A route's `:id` names an entry only when it is a positive integer; anything else (`abc`,
  // `1abc`, `-1`, `1.0`) names none: the 404 of a missing id, as Strapi v4.26.2 answers.
  const id = (ctx: RequestContext) => parseId(ctx.params.id);
  const helpers = createHelpers(platform, uid);
  return {
    ...helpers,
    async find(ctx) {
      const { results, pagination } = await contentApi().find({ ...operationInput(uid, ctx, this, helpers), store: store() });
      return this.transformResponse(results, { pagination }) as RestResponse;
    },
    async findOne(ctx) {
      return found(this.transformResponse(await contentApi().findOne({ ...operationInput(uid, ctx, this, helpers), id: id(ctx), store: store() })));
    },
    async create(ctx) {
      return found(this.transformResponse(await contentApi().create({ ...operationInput(uid, ctx, this, helpers), data: bodyData(ctx), store: store() })));
    },
    async update(ctx) {
      return found(this.transformResponse(await contentApi().update({ ...operationInput(uid, ctx, this, helpers), id: id(ctx), data: bodyData(ctx), store: store() })));
    },
    async delete(ctx) {
      return found(this.transformResponse(await contentApi().delete({ ...operationInput(uid, ctx, this, helpers), id: id(ctx), store: store() })));
    },
  };
}

export function createSingleTypeController(platform: PluginContext, uid: string): SingleTypeController {
  const contentApi = (): ContentApi => platform.service('plugin::query-engine.content-api');
  const store = () => platform.service<SingleTypeService>(uid);
  const helpers = createHelpers(platform, uid);
  return {
    ...helpers,
    async find(ctx) {
      return found(this.transformResponse(await contentApi().findSingle({ ...operationInput(uid, ctx, this, helpers), store: store() })));
    },
    async update(ctx) {
      return found(this.transformResponse(await contentApi().updateSingle({ ...operationInput(uid, ctx, this, helpers), data: bodyData(ctx), store: store() })));
    },
    async delete(ctx) {
      return found(this.transformResponse(await contentApi().deleteSingle({ ...operationInput(uid, ctx, this, helpers), store: store() })));
    },
  };
}
