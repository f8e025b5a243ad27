/**
 * The content-API routes a `strapi-server.js` extension is given, in Strapi's shape
 * (`{ method, path, handler: 'user.me', config: { prefix: '', policies } }`, as Strapi lists a
 * plugin's `routes['content-api'].routes`), and what its changes to that list become: a route
 * it took out is not mounted, one it changed (path, handler, policies, middlewares...) is
 * mounted as changed in its place, one it pushed is mounted after the plugin's. The changes are
 * applied when the route table is final (`routesBuilt`), since the plugin's declared routes are
 * mounted after the extension runs.
 */
import { isDeepStrictEqual } from 'node:util';
import { isPlainObject, type Platform, type RouteConfig, type RouteDefinition } from '@platform/core';
import { errors } from './errors';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A route as Strapi's extension sees it: plain data it may change in place. */
export interface StrapiRoute {
  method: string;
  path: string;
  handler: unknown;
  config: Record<string, unknown>;
}

interface KnownRoute {
  view: StrapiRoute;
  /** the view as given, to tell whether the extension changed it */
  given: StrapiRoute;
  /** whether a route of the final table is this one */
  is(route: RouteDefinition): boolean;
}

/** What to do to the final table. */
export interface RouteChanges {
  removed: KnownRoute[];
  replaced: { known: KnownRoute; route: RouteDefinition }[];
  added: RouteDefinition[];
}

/** A copy of plain objects and arrays; functions and other values are kept as they are. */
function copyData<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyData) as T;
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyData(item)])) as T;
  return value;
}

function stripSlashes(prefix: string): string {
  return prefix.replace(/\/+$/, '');
}

/** The mount prefix of a route whose full path is known, or null when it cannot be told. */
function prefixOf(fullPath: string, routePath: string): string | null {
  const own = `/${routePath.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  if (own === '') return fullPath;
  return fullPath.endsWith(own) ? fullPath.slice(0, fullPath.length - own.length) : null;
}

function viewOf(route: RouteDefinition, mountPrefix: string, plugin: string, restPrefix: string): StrapiRoute {
  const config = copyData({ ...(route.config ?? {}) }) as Record<string, unknown>;
  delete config.prefix;
  // Strapi's own prefix is relative to the REST prefix and left out for the plugin's own mount.
  if (mountPrefix !== `${restPrefix}/${plugin}`) config.prefix = mountPrefix.slice(restPrefix.length);
  const long = `plugin::${plugin}.`;
  const handler = typeof route.handler === 'string' && route.handler.startsWith(long) ? route.handler.slice(long.length) : route.handler;
  return { method: route.method, path: route.path, handler, config };
}

/** The plugin's content-API routes under the REST prefix: those mounted so far and those it declared. */
export function knownPluginRoutes(platform: Platform, plugin: string, restPrefix: string): KnownRoute[] {
  const rest = stripSlashes(restPrefix);
  const known: KnownRoute[] = [];
  const add = (route: RouteDefinition, mountPrefix: string, is: (other: RouteDefinition) => boolean) => {
    if (mountPrefix !== rest && !mountPrefix.startsWith(`${rest}/`)) return;
    const view = viewOf(route, mountPrefix, plugin, rest);
    known.push({ view, given: copyData(view), is });
  };
  for (const mounted of platform.routes()) {
    const { route } = mounted;
    if (route.info?.pluginName !== plugin || route.info.type === 'admin') continue;
    const prefix = prefixOf(mounted.path, route.path);
    if (prefix !== null) add(route, prefix, (other) => other === route);
  }
  // Declared routes are mounted (as copies naming the plugin) after the extensions ran.
  for (const declared of platform.plugin(plugin).definition.routes ?? []) {
    if (declared.info?.type === 'admin') continue;
    const prefix = declared.config?.prefix ?? `${rest}/${plugin}`;
    add(declared, stripSlashes(prefix), (other) => other.info?.pluginName === plugin && other.method === declared.method && other.path === declared.path && other.handler === declared.handler);
  }
  return known;
}

/** A route in Strapi's shape for the kernel, with the prefix Strapi's `config.prefix` gives it (relative to the REST prefix). */
export function toRoute(raw: unknown, plugin: string, where: string): { route: RouteDefinition; prefix: string | undefined } {
  if (!isPlainObject(raw) || typeof raw.method !== 'string' || !METHODS.has(raw.method.toUpperCase()) || typeof raw.path !== 'string' || !raw.path.startsWith('/')) {
    throw errors.boot('EXTENSION_INVALID', `${where}: a route is { method, path: '/...', handler }, got ${JSON.stringify(raw)}`);
  }
  if (typeof raw.handler !== 'string' && typeof raw.handler !== 'function') throw errors.boot('EXTENSION_INVALID', `${where}: route ${raw.method} ${raw.path} needs a handler`);
  const config = (isPlainObject(raw.config) ? { ...raw.config } : {}) as RouteConfig & { prefix?: unknown };
  const prefix = typeof config.prefix === 'string' ? config.prefix : undefined;
  delete config.prefix;
  const handler = typeof raw.handler === 'string' && !raw.handler.includes('::') ? `plugin::${plugin}.${raw.handler}` : raw.handler;
  // A controller action's route needs the permission named after it, as Strapi's routes do.
  if (typeof handler === 'string' && config.auth !== false && !(isPlainObject(config.auth) && Array.isArray(config.auth.scope))) {
    config.auth = { ...(isPlainObject(config.auth) ? config.auth : {}), scope: [handler] };
  }
  return {
    route: { method: raw.method.toUpperCase() as RouteDefinition['method'], path: raw.path, handler: handler as RouteDefinition['handler'], config, info: { type: 'content-api', pluginName: plugin } },
    prefix,
  };
}

/** A route of the extension's list, for the kernel's table, with its full mount prefix. */
function mountable(raw: unknown, plugin: string, where: string, restPrefix: string): RouteDefinition {
  const { route, prefix } = toRoute(raw, plugin, where);
  const rest = stripSlashes(restPrefix);
  return { ...route, config: { ...route.config, prefix: prefix === undefined ? `${rest}/${plugin}` : `${rest}${prefix}` } };
}

/** What the extension's final list changes, checked now so that a wrong route stops the boot. */
export function routeChanges(known: KnownRoute[], final: unknown[], plugin: string, where: string, restPrefix: string): RouteChanges {
  const changes: RouteChanges = { removed: [], replaced: [], added: [] };
  const views = new Set<unknown>(known.map((k) => k.view));
  for (const k of known) {
    if (!final.includes(k.view)) changes.removed.push(k);
    else if (!isDeepStrictEqual(k.view, k.given)) changes.replaced.push({ known: k, route: mountable(k.view, plugin, where, restPrefix) });
  }
  for (const raw of final) if (!views.has(raw)) changes.added.push(mountable(raw, plugin, where, restPrefix));
  return changes;
}

/** Applies the changes to the final route table (a `routesBuilt` tap). */
export function applyRouteChanges(table: RouteDefinition[], changes: RouteChanges): void {
  for (const { known, route } of changes.replaced) {
    const index = table.findIndex((candidate) => known.is(candidate));
    if (index >= 0) table[index] = { ...route, info: table[index]?.info ?? route.info };
  }
  for (const known of changes.removed) {
    const index = table.findIndex((candidate) => known.is(candidate));
    if (index >= 0) table.splice(index, 1);
  }
  table.push(...changes.added);
}
