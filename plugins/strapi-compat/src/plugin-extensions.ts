/**
 * Strapi v4's `src/extensions/<plugin>/strapi-server.js`: `(plugin) => plugin`, given the
 * plugin's `controllers`, `services`, `policies`, `contentTypes` and `routes['content-api'].routes`,
 * may add or replace actions, services and policies and add, change or take out routes. What it
 * returns is put back: a replaced or added part is registered under `plugin::<plugin>.<key>`, and
 * the routes are mounted as its list says (./extension-routes.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { findModuleFile, isPlainObject, loadUserModule, type Platform, type PluginContext } from '@platform/core';
import { errors } from './errors';
import { applyRouteChanges, knownPluginRoutes, routeChanges, type StrapiRoute } from './extension-routes';

interface StrapiPluginObject {
  controllers: Record<string, unknown>;
  services: Record<string, unknown>;
  policies: Record<string, unknown>;
  contentTypes: Record<string, unknown>;
  routes: { 'content-api': { type: 'content-api'; routes: StrapiRoute[] } };
}

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
    const known = knownPluginRoutes(platform, plugin, restPrefix);
    const given: StrapiPluginObject = {
      controllers: partsOf(platform.controllers, prefix),
      services: partsOf(platform.services, prefix),
      policies: partsOf(platform.policies, prefix),
      contentTypes: Object.fromEntries([...ctx.schemas.contentTypes].filter(([uid]) => uid.startsWith(prefix)).map(([uid, ct]) => [uid.slice(prefix.length), { schema: ct.schema }])),
      routes: { 'content-api': { type: 'content-api', routes: known.map((route) => route.view) } },
    };
    const returned = (extend as (plugin: StrapiPluginObject) => unknown)(given) ?? given;
    if (!isPlainObject(returned)) throw errors.boot('EXTENSION_INVALID', `${where}: must return the plugin object`);
    const result = returned as Partial<StrapiPluginObject>;
    putBack(platform.controllers, prefix, result.controllers ?? {}, where);
    putBack(platform.services, prefix, result.services ?? {}, where);
    putBack(platform.policies, prefix, result.policies ?? {}, where);
    // an extension that returns no route list leaves the plugin's routes as they are
    const routes = result.routes?.['content-api']?.routes ?? given.routes['content-api'].routes;
    if (!Array.isArray(routes)) throw errors.boot('EXTENSION_INVALID', `${where}: routes['content-api'].routes must be an array`);
    const changes = routeChanges(known, routes, plugin, where, restPrefix);
    ctx.hooks.routesBuilt.tap({ name: `strapi-compat:${where}`, stage: -1000 }, (table) => applyRouteChanges(table, changes));
  }
}
