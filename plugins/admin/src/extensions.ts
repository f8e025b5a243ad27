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
 *   plugin's `register` ran (upload's media library folders, webhooks' settings);
 * - sessions on a plugin's own routes: a plugin names the routes of its own HTTP surface the
 *   panel's pages call (upload's `/api/upload`), each with the admin action it stands for; on
 *   them an administrator's session is accepted (./auth/plugin-routes-bridge.ts);
 * - admin actions: a plugin declares the permissions of its own pages and routes (Strapi's
 *   `actionProvider.registerMany` with `section: 'plugins'`), each named
 *   `plugin::<plugin>.<uid>`; the roles page offers them, a role is granted them like any other
 *   action (`admin_permissions`), the Super Admin holds them and routes name them as `permission`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HttpMethod, RequestContext, RouteDefinition } from '@platform/core';
import type { CreatorCondition } from './content/creator-condition';
import { errors } from './errors';

export type { CreatorCondition } from './content/creator-condition';

/**
 * Where an admin route leaves whose content the caller may reach under Strapi's creator
 * conditions (the Author's `admin::is-creator`, `admin::has-same-role-as-creator`):
 * `koa.state[key]` is a `CreatorScope`, made from the caller's scope on `read` (which content it
 * sees) and on the route's own permission (which it touches).
 */
export interface CreatorScopeKey {
  /** the key of `koa.state` */
  key: string;
  /** the action whose scope says which content the caller sees (`plugin::upload.read`) */
  read: string;
}

/**
 * Whose content (its `created_by_id`) the caller may see (`read`) and touch with the route's
 * own permission (`write`), as conditions a handler applies to its queries: `read(qb, column)`
 * keeps `qb` to the rows whose creator column `column` (qualified as the query needs,
 * `f.created_by_id`) names an administrator in scope. It may hold a subquery on the admin's
 * tables (the members of the caller's roles), so the plugin never learns them and no statement
 * grows with their number; it matches no NULL creator. null: everyone's.
 */
export interface CreatorScope {
  read: CreatorCondition | null;
  write: CreatorCondition | null;
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

/**
 * A route of the plugin's own HTTP surface (a Content API route) the panel's pages call with an
 * administrator's session, which the admin then accepts on it.
 */
export interface AdminSessionRoute {
  /** the route's handler, a controller action of the plugin (`plugin::upload.content-api.find`) */
  handler: string;
  /** the admin action the call stands for, or its choice per request (a replacement is an update) */
  permission: string | ((koa: RequestContext) => string);
  /**
   * For an administrator kept to the content some administrators created (Strapi's
   * `admin::is-creator`): the creator (`created_by_id`, null: none) of the one entry the request
   * names, or undefined when it names none that exists (a new one; an unknown or malformed id is
   * the route's own answer). Without it such an administrator is refused the route (a list of
   * everyone's content).
   */
  creatorOf?: (koa: RequestContext) => Promise<number | null | undefined>;
}

/** An admin action a plugin declares (Strapi's `registerMany` entry, without `pluginName`: the plugin handing it over). */
export interface AdminActionExtension {
  /** where the roles page shows it: the plugins' section */
  section: 'plugins';
  /** the label of the roles page (`Trigger builds`) */
  displayName: string;
  /** the action's name inside the plugin (`read`, `settings.update`); the action is `plugin::<plugin>.<uid>` */
  uid: string;
  /** a group within the plugin's actions on the roles page (`settings`) */
  subCategory?: string;
}

/** A declared action as the admin keeps it. */
export interface DeclaredAdminAction {
  plugin: string;
  /** `plugin::<plugin>.<uid>` */
  action: string;
  displayName: string;
  subCategory?: string;
}

export interface AdminExtensions {
  /** adds a browser script (a file on disk) that registers pages and field inputs; in `register` */
  addScript(plugin: string, file: string): void;
  /** adds admin routes, mounted behind an administrator's session and each route's permission; in `register` */
  addRoutes(plugin: string, routes: readonly AdminRouteExtension[]): void;
  /** names routes of the plugin's own surface on which an administrator's session is accepted; in `register` */
  acceptSessions(plugin: string, routes: readonly AdminSessionRoute[]): void;
  /**
   * declares admin actions of the plugin, in `register`; answers their names
   * (`plugin::<plugin>.<uid>`), in order, for the routes' `permission`
   */
  addActions(plugin: string, actions: readonly AdminActionExtension[]): string[];
  /** the scripts, by the URL the panel loads them from */
  scripts(): ReadonlyArray<{ plugin: string; url: string; file: string }>;
  /** the routes handed over, in order */
  routes(): ReadonlyArray<{ plugin: string; route: AdminRouteExtension }>;
  /** the actions declared, in order */
  actions(): readonly DeclaredAdminAction[];
  /** the routes named by `acceptSessions`, in order */
  sessionRoutes(): ReadonlyArray<{ plugin: string; route: AdminSessionRoute }>;
}

/** The admin's side of the service. */
export interface ExtensionsHost extends AdminExtensions {
  /**
   * The routes handed over, once: the admin takes them when every plugin's `register` ran;
   * routes added after that stop start-up (they would never be mounted), and so does a route
   * whose `permission` is no admin action (the admin's own, or one a plugin declared).
   */
  takeRoutes(): ReadonlyArray<{ plugin: string; route: AdminRouteExtension }>;
}

const NAME = /^[a-z][a-z0-9-]*$/;
/** dot-separated names (`read`, `settings.update`) */
const ACTION_UID = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;
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

function checkSessionRoute(plugin: string, route: AdminSessionRoute): void {
  const where = `session route of "${plugin}" ${String(route.handler)}`;
  if (typeof route.handler !== 'string' || !route.handler.startsWith(`plugin::${plugin}.`)) throw errors.boot('EXTENSION', `${where}: the handler must be a controller action of the plugin`);
  if (!((typeof route.permission === 'string' && route.permission !== '') || typeof route.permission === 'function')) {
    throw errors.boot('EXTENSION', `${where}: the permission must be an action name or a function`);
  }
  if (route.creatorOf !== undefined && typeof route.creatorOf !== 'function') throw errors.boot('EXTENSION', `${where}: creatorOf must be a function`);
}

function declaredAction(plugin: string, action: AdminActionExtension, taken: ReadonlySet<string>): DeclaredAdminAction {
  const where = `admin action of "${plugin}" ${typeof action.uid === 'string' ? action.uid : ''}`.trimEnd();
  if (action.section !== 'plugins') throw errors.boot('EXTENSION', `${where}: the section must be "plugins"`);
  if (typeof action.uid !== 'string' || !ACTION_UID.test(action.uid)) throw errors.boot('EXTENSION', `${where}: the uid must be dot-separated lowercase names (read, settings.update)`);
  if (typeof action.displayName !== 'string' || action.displayName.trim() === '') throw errors.boot('EXTENSION', `${where}: the displayName must be a text`);
  if (action.subCategory !== undefined && (typeof action.subCategory !== 'string' || action.subCategory.trim() === '')) throw errors.boot('EXTENSION', `${where}: the subCategory must be a text`);
  const name = `plugin::${plugin}.${action.uid}`;
  if (taken.has(name)) throw errors.boot('EXTENSION', `${where}: ${name} is declared already`);
  return { plugin, action: name, displayName: action.displayName, ...(action.subCategory === undefined ? {} : { subCategory: action.subCategory }) };
}

/** `builtIn`: the admin's own actions, which no plugin declares again. */
export function createExtensions(builtIn: readonly string[] = []): ExtensionsHost {
  const added: Array<{ plugin: string; url: string; file: string }> = [];
  const routes: Array<{ plugin: string; route: AdminRouteExtension }> = [];
  const actions: DeclaredAdminAction[] = [];
  const sessionRoutes: Array<{ plugin: string; route: AdminSessionRoute }> = [];
  const actionNames = new Set(builtIn);
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
    addActions(plugin, list) {
      checkName(plugin);
      if (taken) throw errors.boot('EXTENSION', `admin actions of "${plugin}" are declared after every plugin's register ran: declare them in the plugin's register`);
      const declared: DeclaredAdminAction[] = [];
      const names = new Set(actionNames);
      for (const action of list) {
        const entry = declaredAction(plugin, action, names);
        names.add(entry.action);
        declared.push(entry);
      }
      for (const entry of declared) {
        actionNames.add(entry.action);
        actions.push(entry);
      }
      return declared.map((entry) => entry.action);
    },
    acceptSessions(plugin, list) {
      checkName(plugin);
      if (taken) throw errors.boot('EXTENSION', `session routes of "${plugin}" are named after every plugin's register ran: name them in the plugin's register`);
      for (const route of list) checkSessionRoute(plugin, route);
      for (const route of list) {
        if (sessionRoutes.some((entry) => entry.route.handler === route.handler)) throw errors.boot('EXTENSION', `session route of "${plugin}" ${route.handler}: named already`);
        sessionRoutes.push({ plugin, route: { ...route } });
      }
    },
    scripts: () => added,
    actions: () => actions,
    sessionRoutes: () => sessionRoutes,
    routes: () => routes,
    takeRoutes() {
      taken = true;
      // every plugin's register ran: each route's action is the admin's or one a plugin declared
      for (const { plugin, route } of routes) {
        if (route.permission !== null && !actionNames.has(route.permission)) {
          throw errors.boot(
            'EXTENSION',
            `admin route of "${plugin}" ${route.method} ${route.path}: the permission ${route.permission} is no admin action (neither the admin's nor one a plugin declared with addActions)`,
          );
        }
      }
      return routes;
    },
  };
}
