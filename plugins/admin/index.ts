/**
 * The admin plugin: the panel editors work in, served at `/admin` by `platform develop` and
 * `platform start` (`admin: { enabled: false }` in config/plugins.ts switches it off for an
 * API-only deployment). Administrators, roles and permissions live in Strapi v4's own tables
 * and answer Strapi's admin API shapes; sessions are signed with ADMIN_JWT_SECRET. The browser
 * app is built once with the package (scripts/build-app.js) and served as files.
 */
import { definePlugin } from '@platform/core';
import type { QueryHooks } from '@platform/query-engine';
import { bridgeAdminSessions } from './src/auth/plugin-routes-bridge';
import { adminCommand } from './src/commands';
import { DEFAULT_CONFIG, validateConfig, type AdminConfig } from './src/config';
import { PLUGIN_NAME } from './src/tables';
import { ensureTables } from './src/store/schema';
import { errors } from './src/errors';
import { createExtensions, type AdminExtensions, type ExtensionsHost } from './src/extensions';
import { adminRoutes } from './src/http/admin-route';
import { authRoutes } from './src/http/auth-routes';
import { contentManagerRoutes } from './src/http/content-manager-routes';
import { uidRoutes } from './src/http/uid-routes';
import { extensionRoutes, handedRoutes } from './src/http/extension-routes';
import { appRoutes } from './src/http/static-app';
import { usersRoutes } from './src/http/users-routes';
import { pluginSettingsRoutes } from './src/http/plugin-settings-routes';
import { ACTIONS } from './src/permissions/actions';
import { setupRoles } from './src/permissions/roles-setup';
import { createRuntime, type Runtime } from './src/runtime';

export type { AdminConfig } from './src/config';
export type { AdminActionExtension, AdminExtensions, AdminRouteExtension, AdminSessionRoute, CreatorCondition, CreatorScope, CreatorScopeKey, DeclaredAdminAction } from './src/extensions';
export type { AdminAbility } from './src/permissions/ability';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::admin.extensions': AdminExtensions;
  }
}

export default definePlugin<AdminConfig, Runtime>({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  // The panel shows what the other plugins contribute, so it starts after them. They are listed
  // in the distribution's order: a declared plugin starts before its dependent, and a partial
  // list would pull a few of them (and their own dependencies) ahead of their peers. The
  // services used are i18n's locales and api-tokens'; see ./src/plugins-present.ts. Plugins that
  // extend the panel (upload, webhooks, a third party's) declare the admin instead and start
  // after it: they hand over their scripts and routes in their register
  // (`plugin::admin.extensions`), and the admin mounts the routes once every register ran.
  optional: ['api-tokens', 'cache', 'content-manager', 'documentation', 'draft-publish', 'graphql', 'i18n', 'relations', 'users-permissions'],
  errors: errors.table,
  config: { default: DEFAULT_CONFIG, validate: validateConfig },
  state: createRuntime,
  services: {
    extensions: () => createExtensions(ACTIONS.map((entry) => entry.action)),
    // sessions for tools that act as an administrator (the benchmark's Editor)
    sessions: (ctx) => ({ issue: (id: number) => ctx.state.access.tokens.issue(id) }),
  },
  commands: {
    admin: adminCommand((ctx) => (ctx.state as Runtime).access),
  },
  register(ctx) {
    const parts = ctx.state;
    parts.resolveSecret();
    ctx.service<QueryHooks>('plugin::query-engine.hooks').scope.tap(PLUGIN_NAME, parts.operations.applyScope);
    bridgeAdminSessions(ctx, () => parts.access);
    const routes = adminRoutes(() => parts.access);
    ctx.addRoutes(
      [
        ...authRoutes(ctx, routes, () => parts.access),
        ...usersRoutes(ctx, routes, () => parts.access),
        ...contentManagerRoutes(ctx, routes, () => parts.operations),
        ...uidRoutes(ctx, routes),
        ...pluginSettingsRoutes(ctx, routes),
        ...extensionRoutes(ctx, routes, () => ctx.service<AdminExtensions>('plugin::admin.extensions')),
      ],
      '',
    );
    // the plugins that extend the panel start after the admin: their routes are mounted once
    // every plugin's register ran, then the page, which answers every other GET under /admin
    ctx.hooks.register.tap(PLUGIN_NAME, () => {
      const handed = ctx.service<ExtensionsHost>('plugin::admin.extensions').takeRoutes();
      ctx.addRoutes([...handedRoutes(ctx, routes, handed), ...appRoutes(() => parts.files)], '');
    });
  },
  async bootstrap(ctx) {
    await ensureTables(ctx.db);
    await setupRoles(ctx, ctx.state.access);
  },
});
