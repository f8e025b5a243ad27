/**
 * The HTTP server: koa with @koa/router. The app's global middlewares (config/middlewares.ts,
 * ./global-middlewares.ts) run first, in their order; then the health check and routing. Each
 * route runs the pipeline auth -> policies -> route middlewares -> handler, and a handler's
 * return value becomes the body.
 */
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import compose from 'koa-compose';
import { BootError, MethodNotAllowedError, PolicyError } from '../errors';
import { buildGlobalMiddlewares, type GlobalMiddlewareSources } from './global-middlewares';
import { health, type Readiness } from './health';
import { trustProxy, type ProxyConfig } from './proxy-trust';
import { answerClientError, serverOptions, type ServerTimeouts } from './client-errors';
import { closeUnusedConnections, trackConnections } from './connections';
import { dispatchRoutes } from './route-dispatch';
import { isPlainObject } from '../util/values';
import type { Handler, HttpMethod, Middleware, RequestContext, RouteDefinition } from './types';

/** koa's Content-Type for a JSON body (mime-types' `contentType('json')`) */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ServerOptions {
  middlewares: GlobalMiddlewareSources;
  proxy: ProxyConfig | undefined;
  readiness: Readiness;
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
  // The error handler answers every error; what koa still reports comes after the answer
  // started (a client that closed the connection mid-stream): no fault of the server.
  app.on('error', (error: Error) => options.middlewares.logger.debug(`response stream: ${error.message}`));
  const router = new Router();
  const knownPaths = new Router();

  const trust = trustProxy(app, options.proxy);
  if (trust) app.use(trust);
  for (const middleware of buildGlobalMiddlewares(options.middlewares)) app.use(middleware);
  app.use(health(options.readiness));

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
        // nothing leaves koa's 404 in place: "no such entry", as in Strapi v4 (see ./error-handler.ts).
        if (result === undefined || result === null || ctx.body !== undefined) return;
        // What koa sets for an object body, without its mime-types lookup of 'json' per answer.
        if ((isPlainObject(result) || Array.isArray(result)) && !ctx.res.hasHeader('Content-Type')) ctx.res.setHeader('Content-Type', JSON_CONTENT_TYPE);
        ctx.body = result;
      },
    ]);
    // router.get, router.post, ..., router.all: one per HttpMethod
    const verb = route.method.toLowerCase() as Lowercase<HttpMethod>;
    (router[verb] as (this: Router, path: string, middleware: unknown) => Router).call(router, path, pipeline);
    knownPaths.all(path, async (ctx) => {
      ctx.state.knownPath = true;
    });
  }

  app.use(dispatchRoutes(router.stack));
  // No route ran (the pipeline sets `state.route`): a wrong method on a known path is a 405;
  // anything else stays koa's 404 for the error handler.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body != null || ctx.status !== 404 || ctx.state.route) return;
    await knownPaths.routes()(ctx as never, async () => {});
    if (ctx.state.knownPath) throw new MethodNotAllowedError();
  });
  return app;
}

/** Stops accepting connections and resolves once in-flight requests finished (or `graceMs` passed). */
export function closeServer(server: http.Server, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    // A keep-alive connection turns idle once its in-flight response is sent; close it then
    // rather than waiting for the client's keep-alive timeout; one that never sent a request is
    // closed at once (./connections.ts). After the grace period, whatever is still open is cut.
    const sweep = setInterval(() => closeUnusedConnections(server), 25);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    closeUnusedConnections(server);
  });
}

export function listen(handler: http.RequestListener, port: number, host: string, timeouts: ServerTimeouts): Promise<http.Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(serverOptions(timeouts), handler);
    server.on('clientError', answerClientError);
    trackConnections(server);
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, port, host)));
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** A port that cannot be opened is named in one line (the usual cause: another server holds it). */
function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  if (error.code === 'EADDRINUSE') return new BootError('PORT_IN_USE', `Port ${port} on ${host} is already in use (set PORT or --port to choose another)`, { cause: error });
  if (error.code === 'EACCES') return new BootError('PORT_IN_USE', `Port ${port} on ${host} needs privileges this process does not have (use a port above 1023)`, { cause: error });
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return new BootError('PORT_IN_USE', `Cannot listen on ${host}:${port}: no such address on this machine (set HOST or --host)`, { cause: error });
  return error;
}
