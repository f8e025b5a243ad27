/**
 * Strapi v4's `src/extensions/<plugin>/strapi-server.js`: `(plugin) => plugin`, given the
 * plugin's `controllers`, `services`, `policies`, `contentTypes` and `routes['content-api'].routes`,
 * may add or replace actions, services and policies and push routes. What it returns is put
 * back: a replaced or added part is registered under `plugin::<plugin>.<key>`, a pushed route is
 * mounted as Strapi mounts a plugin's content-API route (under `/api/<plugin>`, or under `/api`
 * plus its `config.prefix`), its handler short form meaning the plugin's controller.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findModuleFile, isPlainObject, loadUserModule, type Platform, type PluginContext, type RouteConfig, type RouteDefinition } from '@platform/core';
import { errors } from './errors';

interface StrapiPluginObject {
  controllers: Record<string, unknown>;
  services: Record<string, unknown>;
  policies: Record<string, unknown>;
  contentTypes: Record<string, unknown>;
  routes: { 'content-api': { type: 'content-api'; routes: unknown[] } };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function partsOf(registry: { keys(): string[]; get(uid: string): unknown }, prefix: string): Record<string, unknown> {
  return Object.fromEntries(
    registry
      .keys()
      .filter((uid) => uid.startsWith(prefix))
      .map((uid) => [uid.slice(prefix.length), registry.get(uid)]),
  );
}

/** Puts back what the extension returned: parts it replaced or added are registered under the plugin's uids. */
function putBack(registry: { find(uid: string): unknown; add(uid: string, item: never): void; set(uid: string, item: never): void }, prefix: string, parts: unknown, where: string): void {
  if (!isPlainObject(parts)) throw errors.boot('EXTENSION_INVALID', `${where}: the plugin's parts must stay objects`);
  for (const [key, value] of Object.entries(parts)) {
    const uid = `${prefix}${key}`;
    const current = registry.find(uid);
    if (current === value) continue;
    if (current === undefined) registry.add(uid, value as never);
    else registry.set(uid, value as never);
  }
}

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

/** Runs every `src/extensions/<plugin>/strapi-server.*`; one for a plugin that is not enabled is passed over with a warning. */
export function runPluginExtensions(ctx: PluginContext, platform: Platform): void {
  const root = path.join(ctx.appDir, 'src', 'extensions');
  if (!fs.existsSync(root)) return;
  const restPrefix = ctx.appConfig<string>('api.rest.prefix', '/api').replace(/\/+$/, '');
  for (const plugin of fs.readdirSync(root).sort()) {
    const file = findModuleFile(path.join(root, plugin), 'strapi-server');
    if (!file) continue;
    const where = path.relative(ctx.appDir, file);
    if (!platform.isPluginEnabled(plugin)) {
      ctx.log.warn(`${where} extends the plugin "${plugin}", which is not enabled: it is not run`);
      continue;
    }
    const extend = loadUserModule(file);
    if (typeof extend !== 'function') throw errors.boot('EXTENSION_INVALID', `${where}: must export (plugin) => plugin`);
    const prefix = `plugin::${plugin}.`;
    const given: StrapiPluginObject = {
      controllers: partsOf(platform.controllers, prefix),
      services: partsOf(platform.services, prefix),
      policies: partsOf(platform.policies, prefix),
      contentTypes: Object.fromEntries([...ctx.schemas.contentTypes].filter(([uid]) => uid.startsWith(prefix)).map(([uid, ct]) => [uid.slice(prefix.length), { schema: ct.schema }])),
      routes: { 'content-api': { type: 'content-api', routes: [] } },
    };
    const returned = (extend as (plugin: StrapiPluginObject) => unknown)(given) ?? given;
    if (!isPlainObject(returned)) throw errors.boot('EXTENSION_INVALID', `${where}: must return the plugin object`);
    const result = returned as Partial<StrapiPluginObject>;
    putBack(platform.controllers, prefix, result.controllers ?? {}, where);
    putBack(platform.services, prefix, result.services ?? {}, where);
    putBack(platform.policies, prefix, result.policies ?? {}, where);
    const routes = result.routes?.['content-api']?.routes ?? [];
    if (!Array.isArray(routes)) throw errors.boot('EXTENSION_INVALID', `${where}: routes['content-api'].routes must be an array`);
    for (const raw of routes) {
      const { route, prefix: own } = toRoute(raw, plugin, where);
      ctx.addRoutes([route], own === undefined ? `${restPrefix}/${plugin}` : `${restPrefix}${own}`);
    }
  }
}
