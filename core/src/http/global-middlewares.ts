/**
 * The app's global middlewares: `config/middlewares.ts`, an ordered list in Strapi v4's shape,
 * turned into koa middlewares that run on every request before routing. An entry is a name or
 * `{ name, config }`: Strapi's built-ins (`strapi::cors`...), the app's own
 * (`global::<name>`, the file `middlewares/<name>.ts` exporting `(config, { platform }) =>
 * (ctx, next) => ...`), a plugin's (`plugin::<plugin>.<name>`), or `{ resolve: './path', config }`.
 * Plugins may also place middlewares in code (PluginDefinition.globalMiddlewares).
 */
import path from 'node:path';
import type Koa from 'koa';
import { BootError } from '../errors';
import { isPlainObject } from '../util/values';
import { findModuleFile, loadUserModule } from '../config/load-module';
import { appSourceDir } from '../app/app-layout';
import { BUILTIN_MIDDLEWARES, type BuiltinDeps } from './builtin-middlewares';
import { PASS_THROUGH } from './pass-through';
import type { AppCodeArgs, Middleware } from './types';

/** Strapi v4's default `config/middlewares.js`, used when the app has no such file. */
export const DEFAULT_MIDDLEWARE_LIST: readonly string[] = [
  'strapi::logger',
  'strapi::errors',
  'strapi::security',
  'strapi::cors',
  'strapi::poweredBy',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];

/** The Content API cannot answer without these: a list that leaves one out stops start-up. */
const REQUIRED = ['strapi::errors', 'strapi::query', 'strapi::body'];

/** A plugin's global middleware, built, with where it goes when the app's list does not name it. */
export interface PlacedMiddleware {
  /** `plugin::<plugin>.<name>` */
  name: string;
  middleware: Middleware;
  /** an entry of the list it runs just before (outside of), e.g. `strapi::errors` */
  before?: string;
  /** an entry of the list it runs just after (inside of); default: after the last entry */
  after?: string;
}

export interface GlobalMiddlewareSources extends BuiltinDeps {
  /** the app's list, or null for the default one */
  list: unknown[] | null;
  /** the list's file, for error messages */
  file: string;
  /** passed to app middleware factories (`{ platform }` and what plugins add) */
  appArgs: AppCodeArgs;
  /** a plugin's middleware by uid (`plugin::<plugin>.<name>`) */
  pluginMiddleware(uid: string): Middleware | undefined;
  placed: PlacedMiddleware[];
}

interface Entry {
  name: string;
  config: Record<string, unknown>;
  resolve?: string;
}

type AppMiddlewareFactory = (config: Record<string, unknown>, extra: AppCodeArgs) => Middleware;

function readEntry(raw: unknown, file: string, index: number): Entry {
  if (typeof raw === 'string') return { name: raw, config: {} };
  const entry = raw as { name?: unknown; resolve?: unknown; config?: unknown } | null;
  const where = `${file}: entry ${index}`;
  if (!isPlainObject(entry)) throw new BootError('CONFIG_MIDDLEWARES', `${where} must be a name or { name, config }, got ${JSON.stringify(raw)}`);
  if (entry.config !== undefined && !isPlainObject(entry.config)) throw new BootError('CONFIG_MIDDLEWARES', `${where}: "config" must be an object`);
  const config = (entry.config ?? {}) as Record<string, unknown>;
  if (typeof entry.resolve === 'string') return { name: typeof entry.name === 'string' ? entry.name : entry.resolve, config, resolve: entry.resolve };
  if (typeof entry.name !== 'string') throw new BootError('CONFIG_MIDDLEWARES', `${where} needs a "name" or a "resolve"`);
  return { name: entry.name, config };
}

function appFactory(file: string, name: string, listFile: string): AppMiddlewareFactory {
  const exported = loadUserModule(file);
  if (typeof exported !== 'function') throw new BootError('CONFIG_MIDDLEWARES', `${listFile}: middleware "${name}" (${file}) must export (config, { platform }) => (ctx, next) => ...`);
  return exported as AppMiddlewareFactory;
}

function build(entry: Entry, sources: GlobalMiddlewareSources, placed: Map<string, PlacedMiddleware>): Koa.Middleware {
  const { file, appDir } = sources;
  const unknown = () => new BootError('CONFIG_MIDDLEWARES', `${file}: unknown middleware "${entry.name}"`);
  let factory: AppMiddlewareFactory | null = null;
  if (entry.resolve) {
    const target = entry.resolve.startsWith('.') ? path.resolve(appDir, entry.resolve) : require.resolve(entry.resolve, { paths: [appDir] });
    factory = appFactory(target, entry.name, file);
  } else if (entry.name.startsWith('global::')) {
    const short = entry.name.slice('global::'.length);
    const found = findModuleFile(path.join(appSourceDir(appDir), 'middlewares'), short);
    if (!found) throw new BootError('CONFIG_MIDDLEWARES', `${file}: middleware "${entry.name}" has no file middlewares/${short}.ts (or .js)`);
    factory = appFactory(found, entry.name, file);
  } else if (entry.name.startsWith('plugin::')) {
    const middleware = placed.get(entry.name)?.middleware ?? sources.pluginMiddleware(entry.name);
    if (!middleware) throw unknown();
    // A plugin is configured in config/plugins.ts; a config here would silently do nothing.
    if (Object.keys(entry.config).length > 0) throw new BootError('CONFIG_MIDDLEWARES', `${file}: "${entry.name}" takes no config here (configure the plugin in config/plugins.ts)`);
    return middleware as Koa.Middleware;
  } else {
    const builtin = BUILTIN_MIDDLEWARES[entry.name];
    if (!builtin) throw unknown();
    return builtin(entry.config, sources);
  }
  const middleware = factory(entry.config, sources.appArgs);
  if (typeof middleware !== 'function') throw new BootError('CONFIG_MIDDLEWARES', `${file}: middleware "${entry.name}" must return (ctx, next) => ...`);
  return middleware as Koa.Middleware;
}

/** The list's names with the plugins' placed middlewares inserted where they asked to be. */
function placeAll(names: string[], placed: PlacedMiddleware[]): string[] {
  const out = [...names];
  for (const item of placed) {
    if (out.includes(item.name)) continue;
    const index = item.before ? out.indexOf(item.before) : item.after ? out.indexOf(item.after) : -1;
    // An anchor the app's list left out: the middleware runs last, just before routing.
    const at = index < 0 ? out.length : item.before ? index : index + 1;
    out.splice(at, 0, item.name);
  }
  return out;
}

/** The middlewares that run, in order: a built-in with nothing to do in this app is left out. */
export function buildGlobalMiddlewares(sources: GlobalMiddlewareSources): Koa.Middleware[] {
  const raw = sources.list ?? DEFAULT_MIDDLEWARE_LIST;
  const entries = raw.map((item, index) => readEntry(item, sources.file, index));
  const seen = new Set<string>();
  for (const { name } of entries) {
    if (seen.has(name)) throw new BootError('CONFIG_MIDDLEWARES', `${sources.file}: middleware "${name}" is listed twice`);
    seen.add(name);
  }
  for (const name of REQUIRED) {
    if (!seen.has(name)) throw new BootError('CONFIG_MIDDLEWARES', `${sources.file}: "${name}" is missing; the Content API needs it`);
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const placedByName = new Map(sources.placed.map((item) => [item.name, item]));
  return placeAll(
    entries.map((e) => e.name),
    sources.placed,
  )
    .map((name) => {
      const entry = byName.get(name);
      if (entry) return build(entry, sources, placedByName);
      const placed = placedByName.get(name);
      if (!placed) throw new BootError('CONFIG_MIDDLEWARES', `${sources.file}: "${name}" is neither a listed nor a placed middleware`);
      return placed.middleware as Koa.Middleware;
    })
    .filter((middleware) => middleware !== PASS_THROUGH);
}
