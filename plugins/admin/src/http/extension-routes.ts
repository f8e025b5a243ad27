/**
 * What the panel loads of other plugins: the list of their extension scripts (after sign-in)
 * and the scripts themselves, revalidated at every visit (a plugin's script has no hash in its
 * name); and the admin routes other plugins handed over, mounted behind an administrator's
 * session and each route's permission.
 */
import fs from 'node:fs';
import { NotFoundError, type Middleware, type PluginContext, type RouteDefinition } from '@platform/core';
import { adminState } from '../access';
import { creatorCondition } from '../content/creator-condition';
import type { AdminExtensions, AdminRouteExtension, CreatorScope, CreatorScopeKey } from '../extensions';
import type { AdminRoutes } from './admin-route';

export function extensionRoutes(ctx: PluginContext, routes: AdminRoutes, extensions: () => AdminExtensions): RouteDefinition[] {
  void ctx;
  return [
    routes.signedIn('GET', '/admin/extensions', async () => ({
      data: extensions()
        .scripts()
        .map(({ plugin, url }) => ({ plugin, url })),
    })),
    {
      method: 'GET',
      path: '/admin/extensions/:plugin/:file',
      config: { auth: false, prefix: '' },
      info: { type: 'admin', pluginName: 'admin' },
      handler: (koa) => {
        const script = extensions()
          .scripts()
          .find((entry) => entry.url === koa.path);
        if (!script) throw new NotFoundError('Not Found', {});
        koa.type = 'application/javascript; charset=utf-8';
        koa.set('Cache-Control', 'no-cache');
        koa.body = fs.createReadStream(script.file);
        return undefined;
      },
    },
  ];
}

/**
 * Tells a plugin's handlers whose content the administrator may see (the scope's `read` action)
 * and touch with the route's permission: everyone's, or, under Strapi's creator conditions (the
 * Author's `admin::is-creator`), its own or those of administrators sharing a role: conditions
 * the handlers apply to their queries (../content/creator-condition.ts), made without a statement.
 */
function creatorScope(ctx: PluginContext, permission: string | null, scope: CreatorScopeKey): Middleware {
  return async (koa, next) => {
    const { user, ability } = adminState(koa);
    // null for 'all'; nobody's without the permission (a route needing another action already refused the caller)
    const creators = (action: string) => creatorCondition(ctx, ability.listScope(action), user);
    const read = creators(scope.read);
    const value: CreatorScope = { read, write: permission === null || permission === scope.read ? read : creators(permission) };
    koa.state[scope.key] = value;
    await next();
  };
}

/** The routes other plugins handed over (`addRoutes`), as the admin mounts them. */
export function handedRoutes(ctx: PluginContext, routes: AdminRoutes, handed: ReadonlyArray<{ route: AdminRouteExtension }>): RouteDefinition[] {
  return handed.map(({ route }) => {
    const after = route.creatorScope ? [creatorScope(ctx, route.permission, route.creatorScope)] : [];
    return routes.mounted({ method: route.method, path: route.path, handler: route.handler }, route.permission, '', after);
  });
}
