/**
 * The HTTP server: koa with @koa/router and koa-body. One place turns errors into the REST
 * envelope; every request gets an access log line; each route runs the pipeline
 * auth -> policies -> route middlewares -> handler, and a handler's return value becomes the body.
 */
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import compose from 'koa-compose';
import { ApplicationError, MethodNotAllowedError, NotFoundError, PayloadTooLargeError, PolicyError, ValidationError } from '../errors';
import { toErrorBody } from './error-envelope';
import { isStatementTimeout, StatementTimeoutError } from '../database/statement-timeout';
import { limitBodyDepth } from './body-depth';
import { parseQueryString } from './parse-query';
import type { Handler, Middleware, RequestContext, RouteDefinition } from './types';
import type { Logger } from '../kernel/logger';

export interface ServerOptions {
  logger: Logger;
  /** max JSON/form body size, e.g. `1mb` */
  bodyLimit: string;
  resolveHandler(route: RouteDefinition): Handler;
  resolvePolicies(route: RouteDefinition): Array<(ctx: RequestContext) => Promise<boolean>>;
  resolveMiddlewares(route: RouteDefinition): Middleware[];
  authenticate(ctx: RequestContext, route: RouteDefinition): Promise<void>;
}

export interface MountedRoute {
  route: RouteDefinition;
  /** full path including prefix */
  path: string;
}

export function createKoaApp(routes: MountedRoute[], options: ServerOptions): Koa {
  const app = new Koa();
  app.proxy = true;
  const router = new Router();
  const knownPaths = new Router();

  // Without the `http` level the access log costs nothing (no timer, no line built).
  if (options.logger.enabled?.('http') !== false) app.use(accessLog(options.logger));
  app.use(errorEnvelope(options.logger));
  // Plain (not async) middlewares where there is nothing to do after `next`: one promise less
  // per request each.
  app.use((ctx, next) => {
    const parsed = parseQueryString(ctx.querystring);
    Object.defineProperty(ctx.request, 'query', { value: parsed, writable: true, configurable: true });
    return next();
  });
  app.use(bodyParser(options.bodyLimit));
  const depth = limitBodyDepth();
  app.use((ctx, next) => (BODY_METHODS.has(ctx.method) ? depth(ctx, next) : next()));

  for (const { route, path } of routes) {
    const handler = options.resolveHandler(route);
    const policies = options.resolvePolicies(route);
    const middlewares = options.resolveMiddlewares(route);
    const pipeline = compose<RequestContext>([
      async (ctx, next) => {
        ctx.state.route = route;
        if (route.config?.auth !== false) await options.authenticate(ctx, route);
        for (const policy of policies) {
          if (!(await policy(ctx))) throw new PolicyError();
        }
        await next();
      },
      ...(middlewares as Array<compose.Middleware<RequestContext>>),
      async (ctx) => {
        const result = await handler(ctx);
        // null is "nothing" too: koa would turn a null body into a 204. A handler that produced
        // nothing leaves koa's 404 in place: "no such entry", as in Strapi v4 (see errorEnvelope).
        if (result !== undefined && result !== null && ctx.body === undefined) ctx.body = result;
      },
    ]);
    const methods = route.method === 'ALL' ? ['all'] : [route.method.toLowerCase()];
    for (const method of methods) {
      (router as unknown as Record<string, (p: string, mw: unknown) => void>)[method](path, pipeline);
    }
    knownPaths.all(path, async (ctx) => {
      ctx.state.knownPath = true;
    });
  }

  app.use(router.routes());
  // No route ran (the pipeline sets `state.route`): a wrong method on a known path is a 405;
  // anything else stays koa's 404 for errorEnvelope.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body != null || ctx.status !== 404 || ctx.state.route) return;
    await knownPaths.routes()(ctx as never, async () => {});
    if (ctx.state.knownPath) throw new MethodNotAllowedError();
  });
  return app;
}

function accessLog(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      logger.http(`${ctx.method} ${ctx.originalUrl} ${ctx.status} ${ms.toFixed(1)}ms`);
    }
  };
}

function errorEnvelope(logger: Logger): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // The one place a 404 is made: no route matched, or a route's handler produced nothing.
      if (ctx.status === 404 && ctx.body == null) throw new NotFoundError();
    } catch (raw) {
      const error = normalizeHttpError(raw);
      const { status, body, internal } = toErrorBody(error);
      if (internal) logger.error(`${ctx.method} ${ctx.originalUrl} failed`, raw);
      ctx.status = status;
      ctx.body = body;
    }
  };
}

/** Errors thrown by koa-body, http-errors and friends become typed errors. */
function normalizeHttpError(error: unknown): unknown {
  if (error instanceof ApplicationError) return error;
  // cancelled by the database past `database.statementTimeout`: the client may try again later
  if (isStatementTimeout(error)) return new StatementTimeoutError();
  const e = error as { status?: number; statusCode?: number; type?: string; message?: string; name?: string } | null;
  const status = e?.status ?? e?.statusCode;
  if (status === 413 || e?.type === 'entity.too.large') return new PayloadTooLargeError();
  if (e?.name === 'SyntaxError' || e?.type === 'entity.parse.failed') {
    const err = new ValidationError(e?.message ?? 'Malformed JSON body');
    err.name = 'SyntaxError';
    return err;
  }
  if (status && status >= 400 && status < 500) {
    const err = new ApplicationError(e?.message ?? 'Bad Request');
    err.status = status;
    err.name = e?.name && e.name !== 'Error' ? e.name : 'BadRequestError';
    return err;
  }
  return error;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * koa-body (and the validation library it loads) is among the slowest modules to load, so it
 * is required on the first request that can carry a body rather than at start-up.
 */
function bodyParser(limit: string): Koa.Middleware {
  let parse: Koa.Middleware | null = null;
  return (ctx, next) => {
    if (!BODY_METHODS.has(ctx.method)) return next();
    if (!parse) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { koaBody } = require('koa-body') as typeof import('koa-body');
      parse = koaBody({
        jsonLimit: limit,
        formLimit: limit,
        textLimit: limit,
        multipart: false,
        parsedMethods: [...BODY_METHODS] as never,
        onError: (error) => {
          throw error;
        },
      }) as unknown as Koa.Middleware;
    }
    return parse(ctx, next);
  };
}

/** Stops accepting connections and resolves once in-flight requests finished (or `graceMs` passed). */
export function closeServer(server: http.Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    // A keep-alive connection turns idle once its in-flight response is sent; close it then
    // rather than waiting for the client's keep-alive timeout. After the grace period,
    // whatever is still open is cut.
    const sweep = setInterval(() => server.closeIdleConnections(), 25);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

export function listen(app: Koa, port: number, host: string): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app.callback());
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
