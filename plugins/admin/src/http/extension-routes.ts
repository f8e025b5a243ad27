/**
 * What the panel loads of other plugins: the list of their extension scripts (after sign-in)
 * and the scripts themselves, revalidated at every visit (a plugin's script has no hash in its
 * name).
 */
import fs from 'node:fs';
import { NotFoundError, type PluginContext, type RouteDefinition } from '@platform/core';
import type { AdminExtensions } from '../extensions';
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
