/**
 * The core controllers of Strapi v4: find, findOne, create, update, delete for a collection
 * type; find, update, delete for a single type. Every action goes through the content-type's
 * service (`api::<api>.<name>`, which the app may override) and answers the `{ data, meta }`
 * shape. The helpers are methods too, so an override can reuse them and `super` reaches the
 * actions (the core controller is the prototype of the app's object).
 *
 * Every action first asks the content-API contract (`plugin::query-engine.content-api`) whether
 * the caller may run it, then sanitizes the query, the body and the answer through it, so REST
 * applies exactly the checks GraphQL applies. An override that does not call `super` keeps
 * that guarantee by calling `this.authorize(ctx, action)` itself.
 */
import { isPlainObject, NotFoundError, ValidationError, type PluginContext, type RequestContext } from '@platform/core';
import { parseId, restContext, type ContentApi, type ContentApiAction, type Entity, type FindParams } from '@platform/query-engine';
import type { CollectionTypeService, SingleTypeService } from './core-service';
import { transformResponse, type RestData } from './transform-response';

export type RestResponse = { data: RestData; meta: Record<string, unknown> };

export interface ControllerHelpers {
  /** Throws the 403 ForbiddenError `Forbidden` when the contract's `authorize` taps deny `action`. */
  authorize(ctx: RequestContext, action: ContentApiAction): Promise<void>;
  sanitizeQuery(ctx: RequestContext): FindParams;
  validateQuery(ctx: RequestContext): void;
  sanitizeInput(data: Record<string, unknown>, ctx: RequestContext): Record<string, unknown>;
  /** Throws the 400 of Strapi v4 when `data` is not an object; returns it typed. */
  validateInput(data: unknown, ctx: RequestContext): Record<string, unknown>;
  sanitizeOutput<T>(data: T, ctx: RequestContext): T;
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

/**
 * The `:id` of a route: only a positive integer names an entry. Anything else (`abc`, `1abc`,
 * `-1`, `1.0`) names no entry, so it is the same 404 `Not Found` as a missing id, as Strapi
 * v4.26.2 answers (never a 400, never a 500).
 */
export function parseRouteId(raw: string | undefined): number {
  const value = parseId(raw);
  if (value === null) throw new NotFoundError('Not Found', {});
  return value;
}

/** The `data` of a POST/PUT body, unchecked (`validateInput` checks it). */
export function bodyData(ctx: RequestContext): unknown {
  const body = ctx.request.body;
  return isPlainObject(body) ? body.data : undefined;
}

/** A write takes only the read-back parameters of the query (fields, populate) and the plugin ones. */
function writeQuery(query: FindParams): Omit<FindParams, 'filters' | 'sort' | 'pagination'> {
  const { filters: _f, sort: _s, pagination: _p, ...rest } = query;
  return rest;
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
    validateInput(data) {
      if (!isPlainObject(data)) throw new ValidationError('Missing "data" payload in the request body', {});
      return data;
    },
    sanitizeOutput: <T>(data: T, ctx: RequestContext) => contract().sanitizeOutput(model(), data, restContext(ctx)),
    transformResponse: (data, meta = {}) => transformResponse(data, meta, model(), platform.models),
  };
}

export function createCollectionTypeController(platform: PluginContext, uid: string): CollectionTypeController {
  const service = () => platform.service<CollectionTypeService>(uid);
  return {
    ...createHelpers(platform, uid),
    async find(ctx) {
      await this.authorize(ctx, 'find');
      this.validateQuery(ctx);
      const query = this.sanitizeQuery(ctx);
      const { results, pagination } = await service().find(query);
      return this.transformResponse(this.sanitizeOutput(results, ctx), { pagination }) as RestResponse;
    },
    async findOne(ctx) {
      await this.authorize(ctx, 'findOne');
      const id = parseRouteId(ctx.params.id);
      this.validateQuery(ctx);
      const entity = await service().findOne(id, this.sanitizeQuery(ctx));
      return found(this.transformResponse(this.sanitizeOutput(entity, ctx)));
    },
    async create(ctx) {
      await this.authorize(ctx, 'create');
      this.validateQuery(ctx);
      const data = this.sanitizeInput(this.validateInput(bodyData(ctx), ctx), ctx);
      const entity = await service().create({ ...writeQuery(this.sanitizeQuery(ctx)), data });
      return found(this.transformResponse(this.sanitizeOutput(entity, ctx)));
    },
    async update(ctx) {
      await this.authorize(ctx, 'update');
      const id = parseRouteId(ctx.params.id);
      this.validateQuery(ctx);
      const data = this.sanitizeInput(this.validateInput(bodyData(ctx), ctx), ctx);
      const entity = await service().update(id, { ...writeQuery(this.sanitizeQuery(ctx)), data });
      return found(this.transformResponse(this.sanitizeOutput(entity, ctx)));
    },
    async delete(ctx) {
      await this.authorize(ctx, 'delete');
      const id = parseRouteId(ctx.params.id);
      this.validateQuery(ctx);
      const entity = await service().delete(id, this.sanitizeQuery(ctx));
      return found(this.transformResponse(this.sanitizeOutput(entity, ctx)));
    },
  };
}

export function createSingleTypeController(platform: PluginContext, uid: string): SingleTypeController {
  const service = () => platform.service<SingleTypeService>(uid);
  return {
    ...createHelpers(platform, uid),
    async find(ctx) {
      await this.authorize(ctx, 'find');
      this.validateQuery(ctx);
      const entity = await service().find(this.sanitizeQuery(ctx));
      return found(this.transformResponse(this.sanitizeOutput(entity, ctx)));
    },
    async update(ctx) {
      await this.authorize(ctx, 'update');
      this.validateQuery(ctx);
      const data = this.sanitizeInput(this.validateInput(bodyData(ctx), ctx), ctx);
      const entity = await service().createOrUpdate({ ...writeQuery(this.sanitizeQuery(ctx)), data });
      return found(this.transformResponse(this.sanitizeOutput(entity, ctx)));
    },
    async delete(ctx) {
      await this.authorize(ctx, 'delete');
      this.validateQuery(ctx);
      const entity = await service().delete(this.sanitizeQuery(ctx));
      return found(this.transformResponse(this.sanitizeOutput(entity, ctx)));
    },
  };
}
