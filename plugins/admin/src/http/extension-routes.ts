/**
 * What the panel loads of other plugins: the list of their extension scripts (after sign-in)
 * and the scripts themselves, revalidated at every visit (a plugin's script has no hash in its
 * name); and the admin routes other plugins handed over, mounted behind an administrator's
 * session and each route's permission.
 */
import fs from 'node:fs';
import { NotFoundError, type Middleware, type PluginContext, type RouteDefinition } from '@platform/core';
import { adminState } from '../access';
import { sameRoleCreators } from '../content/entry-facts';
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
 * Author's `admin::is-creator`), its own or those of administrators sharing a role.
 */
function creatorScope(ctx: PluginContext, permission: string | null, scope: CreatorScopeKey): Middleware {
  return async (koa, next) => {
    const { user, ability } = adminState(koa);
    const creators = async (action: string): Promise<number[] | null> => {
      const found = ability.listScope(action);
      if (found === 'own') return [user.id];
      if (found === 'same-role') return sameRoleCreators(ctx, user.roleIds);
      // 'all'; or no permission at all (a route needing another action already refused the caller)
      return found === null ? [] : null;
    };
    const read = await creators(scope.read);
    const value: CreatorScope = { read, write: permission === null || permission === scope.read ? read : await creators(permission) };
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
