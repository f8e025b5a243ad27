/**
 * The extension point through which other plugins add to the panel, published as
 * `plugin::admin.extensions`, used in their `register`:
 * - pages and field inputs: a plugin hands over a browser script it built itself (an IIFE using
 *   the panel's React and components from `window.platformAdmin`, see docs/admin.md); the panel
 *   loads every script of an enabled plugin after sign-in, and the script registers its pages
 *   (`registerPage`) and field inputs (`registerField`). The built-in settings pages of upload,
 *   users-permissions, i18n and api-tokens register through the same calls, from inside the
 *   panel's bundle;
 * - admin routes: a plugin hands over the routes its pages call, each with the admin action a
 *   caller must hold; the admin mounts them behind an administrator's session once every
 *   plugin's `register` ran (upload's media library folders, webhooks' settings).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HttpMethod, RouteDefinition } from '@platform/core';
import { errors } from './errors';

/**
 * Where an admin route leaves whose content the caller may reach under Strapi's creator
 * conditions (the Author's `admin::is-creator`): `koa.state[key]` is a `CreatorScope`, made from
 * the caller's scope on `read` (which content it sees) and on the route's own permission (which
 * it touches).
 */
export interface CreatorScopeKey {
  /** the key of `koa.state` */
  key: string;
  /** the action whose scope says which content the caller sees (`plugin::upload.read`) */
  read: string;
}

/**
 * Whose content (its `created_by_id`) the caller may see (`read`) and touch with the route's
 * own permission (`write`); null: everyone's.
 */
export interface CreatorScope {
  read: readonly number[] | null;
  write: readonly number[] | null;
}

/** An admin route a plugin hands to the admin. */
export interface AdminRouteExtension {
  method: HttpMethod;
  /** the whole path, no prefix added (`/upload/folders`, `/admin/webhooks/:id`) */
  path: string;
  /** a controller action (`plugin::<name>.<controller>.<action>`) or a handler function */
  handler: RouteDefinition['handler'];
  /** the admin action a caller must hold (`admin::webhooks.read`); null: any signed-in administrator */
  permission: string | null;
  /** when given, the caller's creator scope is left in `koa.state[creatorScope.key]` */
  creatorScope?: CreatorScopeKey;
}

export interface AdminExtensions {
  /** adds a browser script (a file on disk) that registers pages and field inputs; in `register` */
  addScript(plugin: string, file: string): void;
  /** adds admin routes, mounted behind an administrator's session and each route's permission; in `register` */
  addRoutes(plugin: string, routes: readonly AdminRouteExtension[]): void;
  /** the scripts, by the URL the panel loads them from */
  scripts(): ReadonlyArray<{ plugin: string; url: string; file: string }>;
  /** the routes handed over, in order */
  routes(): ReadonlyArray<{ plugin: string; route: AdminRouteExtension }>;
}

/** The admin's side of the service. */
export interface ExtensionsHost extends AdminExtensions {
  /**
   * The routes handed over, once: the admin takes them when every plugin's `register` ran;
   * routes added after that stop start-up (they would never be mounted).
   */
  takeRoutes(): ReadonlyArray<{ plugin: string; route: AdminRouteExtension }>;
}

const NAME = /^[a-z][a-z0-9-]*$/;
const METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function checkName(plugin: string): void {
  if (!NAME.test(plugin)) throw errors.boot('EXTENSION', `admin extension: "${plugin}" is not a plugin name`);
}

function checkRoute(plugin: string, route: AdminRouteExtension): void {
  const where = `admin route of "${plugin}" ${route.method} ${route.path}`;
  if (!METHODS.has(route.method)) throw errors.boot('EXTENSION', `${where}: the method is not one of ${[...METHODS].join(', ')}`);
  if (typeof route.path !== 'string' || !route.path.startsWith('/')) throw errors.boot('EXTENSION', `${where}: the path must start with "/"`);
  if (typeof route.handler !== 'string' && typeof route.handler !== 'function') throw errors.boot('EXTENSION', `${where}: the handler must be a controller action or a function`);
  if (route.permission !== null && (typeof route.permission !== 'string' || route.permission === '')) throw errors.boot('EXTENSION', `${where}: the permission must be an action name or null`);
  if (
    route.creatorScope !== undefined &&
    !(typeof route.creatorScope.key === 'string' && route.creatorScope.key !== '' && typeof route.creatorScope.read === 'string' && route.creatorScope.read !== '')
  ) {
    throw errors.boot('EXTENSION', `${where}: creatorScope must name a key and a read action`);
  }
}

export function createExtensions(): ExtensionsHost {
  const added: Array<{ plugin: string; url: string; file: string }> = [];
  const routes: Array<{ plugin: string; route: AdminRouteExtension }> = [];
  let taken = false;
  return {
    addScript(plugin, file) {
      checkName(plugin);
      if (!path.isAbsolute(file) || !fs.existsSync(file)) throw errors.boot('EXTENSION', `admin extension of "${plugin}": ${file} is not an existing absolute path`);
      const index = added.filter((entry) => entry.plugin === plugin).length;
      added.push({ plugin, file, url: `/admin/extensions/${plugin}/${index}.js` });
    },
    addRoutes(plugin, list) {
      checkName(plugin);
      if (taken) throw errors.boot('EXTENSION', `admin routes of "${plugin}" are handed over after the admin mounted its routes: add them in the plugin's register`);
      for (const route of list) checkRoute(plugin, route);
      for (const route of list) routes.push({ plugin, route: { ...route } });
    },
    scripts: () => added,
    routes: () => routes,
    takeRoutes() {
      taken = true;
      return routes;
    },
  };
}
