import type { Platform, RouteDefinition } from '@platform/core';
import { expect } from 'chai';
import { applyRouteChanges, knownPluginRoutes, routeChanges } from './extension-routes';

const info = { type: 'content-api' as const, pluginName: 'users-permissions' };
const login: RouteDefinition = { method: 'POST', path: '/auth/local', handler: 'plugin::users-permissions.auth.callback', config: { policies: [] }, info };
const me: RouteDefinition = { method: 'GET', path: '/users/me', handler: 'plugin::users-permissions.user.me', config: { policies: [] }, info };
const other: RouteDefinition = { method: 'GET', path: '/articles', handler: 'api::article.article.find', info: { type: 'content-api', apiName: 'article' } };
const declaredRoles: RouteDefinition = { method: 'GET', path: '/roles', handler: 'plugin::users-permissions.role.find', config: { policies: [] } };

/** The routes mounted so far (login and me under /api) and one declared (mounted later under /api/users-permissions). */
function platformWith(): Platform {
  return {
    routes: () => [
      { route: login, path: '/api/auth/local' },
      { route: me, path: '/api/users/me' },
      { route: other, path: '/api/articles' },
    ],
    plugin: () => ({ definition: { routes: [declaredRoles] } }),
  } as unknown as Platform;
}

/** The final table as the kernel has it: the declared route mounted as a copy naming the plugin. */
const finalTable = (): RouteDefinition[] => [login, me, other, { ...declaredRoles, info }];

describe('strapi-compat: the routes a strapi-server.js extension changes', () => {
  it("lists the plugin's content-API routes in Strapi's shape: short handlers, `prefix: ''` for those under the REST prefix itself", () => {
    const known = knownPluginRoutes(platformWith(), 'users-permissions', '/api');
    expect(known.map((k) => k.view)).to.deep.equal([
      { method: 'POST', path: '/auth/local', handler: 'auth.callback', config: { policies: [], prefix: '' } },
      { method: 'GET', path: '/users/me', handler: 'user.me', config: { policies: [], prefix: '' } },
      { method: 'GET', path: '/roles', handler: 'role.find', config: { policies: [] } },
    ]);
  });

  it('a list left as given changes nothing', () => {
    const known = knownPluginRoutes(platformWith(), 'users-permissions', '/api');
    const table = finalTable();
    applyRouteChanges(
      table,
      routeChanges(
        known,
        known.map((k) => k.view),
        'users-permissions',
        'x',
        '/api',
      ),
    );
    expect(table).to.deep.equal(finalTable());
  });

  it('takes out a route the extension dropped, mounts a changed one in its place, appends a pushed one', () => {
    const known = knownPluginRoutes(platformWith(), 'users-permissions', '/api');
    const [, meView, rolesView] = known.map((k) => k.view);
    if (!meView) throw new Error('the me route is listed');
    (meView.config.policies as string[]).push('global::not-on-sunday');
    const pushed = { method: 'PUT', path: '/user/me', handler: 'user.updateMe', config: { prefix: '' } };
    const table = finalTable();
    applyRouteChanges(table, routeChanges(known, [meView, rolesView, pushed], 'users-permissions', 'x', '/api'));
    expect(table).to.deep.equal([
      {
        method: 'GET',
        path: '/users/me',
        handler: 'plugin::users-permissions.user.me',
        config: { policies: ['global::not-on-sunday'], auth: { scope: ['plugin::users-permissions.user.me'] }, prefix: '/api' },
        info,
      },
      other,
      { ...declaredRoles, info },
      {
        method: 'PUT',
        path: '/user/me',
        handler: 'plugin::users-permissions.user.updateMe',
        config: { auth: { scope: ['plugin::users-permissions.user.updateMe'] }, prefix: '/api' },
        info,
      },
    ]);
  });

  it("a declared route's change applies to its mounted copy, under the plugin's prefix", () => {
    const known = knownPluginRoutes(platformWith(), 'users-permissions', '/api');
    const views = known.map((k) => k.view);
    const roles = views[2];
    if (roles) roles.path = '/all-roles';
    const table = finalTable();
    applyRouteChanges(table, routeChanges(known, views, 'users-permissions', 'x', '/api'));
    expect(table[3]).to.deep.equal({
      method: 'GET',
      path: '/all-roles',
      handler: 'plugin::users-permissions.role.find',
      config: { policies: [], auth: { scope: ['plugin::users-permissions.role.find'] }, prefix: '/api/users-permissions' },
      info,
    });
  });

  it('a route that is no route stops the boot naming the file', () => {
    const known = knownPluginRoutes(platformWith(), 'users-permissions', '/api');
    expect(() => routeChanges(known, [{ method: 'GET', path: 'no-slash', handler: 'user.me' }], 'users-permissions', 'src/extensions/users-permissions/strapi-server.js', '/api')).to.throw(
      'src/extensions/users-permissions/strapi-server.js: a route is { method, path: \'/...\', handler }, got {"method":"GET","path":"no-slash","handler":"user.me"}',
    );
  });
});
