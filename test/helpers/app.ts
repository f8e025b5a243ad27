/**
 * Boots a real platform on a real database for a black-box test and speaks HTTP to it.
 */
import path from 'node:path';
import { Platform, type PluginDefinition, type DatabaseClient, type Logger, type QueryEvent, type RunMode } from '@platform/core';
import { createTestDatabase, testClients, type TestDatabase } from './databases';
import type { Json } from './json';
import { attributeRequests, measureQueries, windowHeaders } from './query-windows';

export const EXAMPLE_APP = path.resolve(__dirname, '..', '..');

export interface HttpResponse<T = Json> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestApp {
  platform: Platform;
  url: string;
  database: TestDatabase;
  request<T = Json>(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResponse<T>>;
  get<T = Json>(urlPath: string, headers?: Record<string, string>): Promise<HttpResponse<T>>;
  post<T = Json>(urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResponse<T>>;
  put<T = Json>(urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResponse<T>>;
  del<T = Json>(urlPath: string, headers?: Record<string, string>): Promise<HttpResponse<T>>;
  /**
   * counts the SQL statements issued on behalf of `fn`: by its own code and by the requests it
   * sends through this object, not by anything else running meanwhile (./query-windows.ts)
   */
  countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; queries: QueryEvent[] }>;
  /** the knex instance, to check what is in the database */
  knex: Platform['db']['knex'];
  /** stops the server and the platform, keeps the database (for restart tests) */
  stop(): Promise<void>;
  /** stops everything and drops the database */
  close(): Promise<void>;
}

export interface StartOptions {
  client?: DatabaseClient;
  appDir?: string;
  plugins?: PluginDefinition[];
  /** the global middleware list, in place of the app's config/middlewares */
  middlewares?: unknown[];
  config?: Record<string, Record<string, unknown>>;
  env?: NodeJS.ProcessEnv;
  /** reuse a database (restart tests) instead of creating one */
  database?: TestDatabase;
  /** how the platform runs (default `embedded`); `develop` as `platform develop` runs it */
  mode?: RunMode;
  /** the logger, in place of one at TEST_LOG_LEVEL */
  logger?: Logger;
}

/**
 * The plugins that guard the API. A test boots without them unless its `config.plugins` names
 * them, so tests about other features run as a public, unrestricted caller.
 */
export const AUTH_PLUGINS = ['users-permissions', 'api-tokens'];

/** `config` with each auth plugin the test does not name switched off. */
export function withoutUnnamedAuthPlugins(config: Record<string, Record<string, unknown>> = {}): Record<string, Record<string, unknown>> {
  const plugins = { ...(config.plugins ?? {}) };
  for (const name of AUTH_PLUGINS) if (!(name in plugins)) plugins[name] = { enabled: false };
  return { ...config, plugins };
}

/**
 * The text of a config/plugins.ts that takes `appDir`'s own and switches the auth plugins off,
 * for a copy of an app served by `platform start` (which reads no test config).
 */
export function pluginsFileWithoutAuth(appDir: string): string {
  const off = AUTH_PLUGINS.map((name) => `'${name}': { enabled: false }`).join(', ');
  return `import base from ${JSON.stringify(path.join(appDir, 'config', 'plugins'))};\nexport default (args: Parameters<typeof base>[0]) => ({ ...base(args), ${off} });\n`;
}

export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  const client = options.client ?? 'sqlite';
  const database = options.database ?? (await createTestDatabase(client));
  const appDir = options.appDir ?? EXAMPLE_APP;
  const platform = new Platform({
    appDir,
    env: { ...process.env, ...options.env },
    logLevel: (process.env.TEST_LOG_LEVEL as 'silent' | undefined) ?? 'silent',
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.mode ? { mode: options.mode } : {}),
    plugins: options.plugins,
    middlewares: options.middlewares,
    config: { ...withoutUnnamedAuthPlugins(options.config), database: { ...database.config, ...(options.config?.database ?? {}) } },
  });
  try {
    await platform.start();
    attributeRequests(await platform.listen(0, '127.0.0.1'));
  } catch (error) {
    await platform.destroy().catch(() => {});
    if (!options.database) await database.drop();
    throw error;
  }
  const url = platform.address().url;
  const request = async (method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...windowHeaders(), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + urlPath, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as Json, headers: res.headers, text };
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await platform.destroy();
  };
  return {
    platform,
    url,
    database,
    request,
    get: (p, h) => request('GET', p, undefined, h),
    post: (p, b, h) => request('POST', p, b, h),
    put: (p, b, h) => request('PUT', p, b, h),
    del: (p, h) => request('DELETE', p, undefined, h),
    countQueries: (fn) => measureQueries((listener) => platform.db.onQuery(listener), fn),
    knex: platform.db.knex,
    stop,
    async close() {
      await stop();
      if (!options.database) await database.drop();
    },
  };
}

/**
 * `describe` once per database of TEST_DATABASES, with an app booted before and closed after.
 * `ctx.app` is set in `before`.
 */
export function describeEachDatabase(title: string, fn: (ctx: { app: TestApp; client: DatabaseClient }) => void, options: Omit<StartOptions, 'client'> = {}): void {
  for (const client of testClients()) {
    describe(`${title} [${client}]`, function () {
      this.timeout(60000);
      const ctx = { client } as { app: TestApp; client: DatabaseClient };
      before(async () => {
        ctx.app = await startApp({ ...options, client });
      });
      after(async () => {
        await ctx.app?.close();
      });
      fn(ctx);
    });
  }
}
