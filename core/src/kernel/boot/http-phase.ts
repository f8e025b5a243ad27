/**
 * The HTTP phase: the route table is final (`routesBuilt`), the global middlewares are built
 * (the app's list, with the plugins' `globalMiddlewares` placed in it), and the koa app is
 * made; `listen` opens the port, before start-up when asked first (every request is a 503
 * until start-up ends, so a load balancer sees a node that is starting).
 */
import type http from 'node:http';
import path from 'node:path';
import type Koa from 'koa';
import { BootError } from '../../errors';
import { DEFAULT_TIMEOUTS } from '../../http/client-errors';
import type { PlacedMiddleware } from '../../http/global-middlewares';
import type { ProxyConfig } from '../../http/proxy-trust';
import { createRouteResolver } from '../../http/route-resolver';
import { closeServer, createKoaApp, listen } from '../../http/server';
import { answerStarting, SwitchableHandler } from '../../http/starting';
import type { KernelState } from '../kernel-state';
import { runAppStep } from '../../app/app-lifecycle';

/** The plugins' global middlewares, built with each plugin's context. */
function placedMiddlewares(state: KernelState): PlacedMiddleware[] {
  return state.plugins.flatMap(({ definition, context }) =>
    Object.entries(definition.globalMiddlewares ?? {}).map(([key, def]) => ({
      name: `plugin::${definition.name}.${key}`,
      middleware: def.middleware(context),
      before: def.before,
      after: def.after,
    })),
  );
}

export function httpPhase(state: KernelState): void {
  // Taps get the route table itself: a route they push is mounted under the REST prefix
  // (or its own `config.prefix`), one they remove is not mounted.
  const prefixes = new Map(state.routeTable.map((entry) => [entry.route, entry.prefix]));
  const table = state.routeTable.map((entry) => entry.route);
  state.hooks.routesBuilt.call(table);
  const restPrefix = state.restPrefix();
  state.routeTable = table.map((route) => ({ route, prefix: prefixes.get(route) ?? restPrefix }));
  const resolver = createRouteResolver({ controllers: state.controllers, policies: state.policies, middlewares: state.middlewares, appArgs: state.appArgs });
  const middlewaresFile = state.configFiles.middlewares ? path.relative(state.appDir, state.configFiles.middlewares) : 'config/middlewares';
  const { hooks } = state;
  state.koa = createKoaApp(state.routes(), {
    middlewares: {
      list: state.middlewareList,
      file: middlewaresFile,
      appDir: state.appDir,
      logger: state.log,
      bodyLimit: state.config<string>('server.bodyLimit', '1mb'),
      appArgs: state.appArgs,
      pluginMiddleware: (uid) => state.middlewares.find(uid),
      placed: placedMiddlewares(state),
    },
    proxy: state.config<ProxyConfig | undefined>('server.proxy'),
    readiness: state.readiness,
    ...resolver,
    authenticate: async (ctx, route) => {
      if (hooks.authenticate.taps.length > 0) await hooks.authenticate.promise(ctx, route);
    },
  });
}

/** The HTTP app that start() made (read through a call: start() ran since the last check). */
function startedKoa(state: KernelState): Koa {
  if (!state.koa) throw new BootError('PLATFORM_STATE', 'start() finished without an HTTP app');
  return state.koa;
}

/**
 * Opens the port. With no HTTP app yet, every request is answered 503 until `start()` (run
 * here) ends; a start-up that fails closes the port again.
 */
export async function listenPhase(state: KernelState, start: () => Promise<unknown>, port?: number, host?: string): Promise<http.Server> {
  const p = port ?? state.config<number>('server.port', 1337);
  const h = host ?? state.config<string>('server.host', '0.0.0.0');
  const handler = new SwitchableHandler(state.koa ? state.koa.callback() : answerStarting);
  const server = await listen(handler.listener, p, h, {
    headersTimeout: state.config<number>('server.headersTimeout', DEFAULT_TIMEOUTS.headersTimeout),
    requestTimeout: state.config<number>('server.requestTimeout', DEFAULT_TIMEOUTS.requestTimeout),
  });
  state.server = server;
  if (!state.koa) {
    try {
      await start();
    } catch (error) {
      await closeServer(server, 0);
      state.server = null;
      throw error;
    }
    handler.use(startedKoa(state).callback());
  }
  return server;
}

/** Stops accepting connections, lets in-flight requests finish, destroys plugins in reverse, closes the database. */
export async function shutdownPhase(state: KernelState): Promise<void> {
  // The health check answers 503 from now on, while in-flight requests finish.
  state.readiness.ready = false;
  if (state.server) await closeServer(state.server, state.config<number>('server.shutdownTimeout', 10000));
  try {
    await runAppStep(state.appLifecycle, 'destroy', state.appArgs);
  } catch (error) {
    state.log.error(`${state.appLifecycle.file}: destroy failed`, error);
  }
  for (const { definition, context } of [...state.plugins].reverse()) {
    try {
      await definition.destroy?.(context);
    } catch (error) {
      state.log.error(`plugin ${definition.name} destroy failed`, error);
    }
  }
  await state.hooks.destroy.promise();
  state.processes.close();
  if (state.database) await state.database.destroy();
}
