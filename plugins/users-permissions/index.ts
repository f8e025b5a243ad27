/**
 * The users-permissions plugin: users, roles and permissions in Strapi v4's tables, JWT login
 * and registration with Strapi v4's routes and answers, and the permission checks of every
 * route and of the content-API contract (for REST and GraphQL alike). It taps the kernel's
 * `authenticate` hook (a JWT, else the public role; the route scope for every strategy) and the
 * contract's `access` hook (the caller's rules, asked once per request).
 */
import { definePlugin } from '@platform/core';
import type { ContentApi } from '@platform/query-engine';
import { validateConfig, type UsersPermissionsConfig } from './src/config';
import { contentTypes, PLUGIN_NAME } from './src/content-types';
import { createAuthController } from './src/controllers/auth';
import { createRoleController } from './src/controllers/role';
import { createUserController } from './src/controllers/user';
import { errors } from './src/errors';
import { guardContentApi } from './src/permissions/content-api-guard';
import { knownActions } from './src/permissions/known-actions';
import { setupRoles } from './src/permissions/roles-setup';
import { isAuthenticated } from './src/policies';
import { accountRoutes, roleRoutes } from './src/routes';
import { createRuntime, type Runtime } from './src/runtime';
import { tapUserHooks } from './src/user-hooks';
import { adoptStoredSettings } from './src/advanced-settings';
import { declarePublicAccess } from './src/public-access';
import { declareRoutes } from './src/route-declarations';
import { declareGraphql } from './src/graphql-declarations';

export type { UsersPermissionsConfig, RateLimitConfig, AdvancedSettings } from './src/config';
export type { RateLimiter, Attempt } from './src/rate-limit';
export type { EmailService, EmailSender, EmailMessage } from './src/email';
export { DEFAULT_EMAIL_TEMPLATES, type EmailTemplateOptions } from './src/email-templates';
export type { JwtService, VerifiedToken } from './src/auth/jwt';
export type { AccountsService, AccountRequest, AuthAnswer } from './src/accounts';
export type { AccessCache, Ability } from './src/permissions/access-cache';
export { USER_UID, ROLE_UID, PERMISSION_UID } from './src/content-types';

export default definePlugin<UsersPermissionsConfig, Runtime>({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  // reset and confirmation emails go through the email plugin's service when it is there
  optional: ['email'],
  errors: errors.table,
  config: { validate: validateConfig },
  contentTypes,
  state: createRuntime,
  services: {
    'rate-limit': (ctx) => ctx.state.limiter,
    email: (ctx) => ctx.state.email,
    access: (ctx) => ctx.state.access,
    jwt: (ctx) => ctx.state.jwt,
    accounts: (ctx) => ctx.state.accounts,
  },
  controllers: {
    auth: (ctx) => createAuthController(ctx),
    user: (ctx) => createUserController(ctx, ctx.state.config),
    role: (ctx) => createRoleController(ctx, () => ctx.state.access),
    permissions: (ctx) => {
      const roles = createRoleController(ctx, () => ctx.state.access);
      return { getPermissions: () => roles.getPermissions() };
    },
  },
  policies: { isAuthenticated },
  routes: roleRoutes,
  // A new app's example type is readable at once: its README's first request answers 200.
  newApp: {
    config: (example) => ({ permissions: { public: [`${example.uid}.find`, `${example.uid}.findOne`] } }),
    note: (example) => `the public role may read the example type (GET ${example.path}, ${example.path}/:id); grant more roles and actions in permissions`,
  },
  register(ctx) {
    const parts = ctx.state;
    // `jwtSecret` in the config, else JWT_SECRET; `platform develop` writes a random one into
    // the app's .env when both lack it, `platform start` stops naming it.
    parts.useSecret(ctx.secret('JWT_SECRET', ctx.config.jwtSecret));
    ctx.addRoutes(accountRoutes, ctx.appConfig<string>('api.rest.prefix', '/api'));
    ctx.hooks.ready.tap(PLUGIN_NAME, (address) => parts.listening(address.url));
    ctx.hooks.authenticate.tapPromise(PLUGIN_NAME, (request, route) => parts.authenticator.authenticate(request, route));
    guardContentApi(ctx.service<ContentApi>('plugin::query-engine.content-api'), parts.explainDenial);
    tapUserHooks(ctx, () => parts.access);
    // its GraphQL types and operations (me, login, register...) and who the public role may
    // call, declared to the content API: GraphQL and the API's document read them
    const { declarations } = ctx.service<ContentApi>('plugin::query-engine.content-api');
    declareGraphql(declarations, ctx);
    declarePublicAccess(declarations, parts.access);
    // Once every plugin has bootstrapped, whatever the order they boot in, the app's and every
    // plugin's routes are in the table (i18n adds its localization routes in its bootstrap):
    // wildcards expand against all of them.
    ctx.hooks.bootstrap.tapPromise({ name: PLUGIN_NAME, stage: 1000 }, async () => {
      await setupRoles(ctx, parts.config.permissions, knownActions(ctx));
      await parts.access.rolesChanged();
    });
  },
  async bootstrap(ctx) {
    const parts = ctx.state;
    declareRoutes(ctx.service<ContentApi>('plugin::query-engine.content-api').declarations);
    await adoptStoredSettings(ctx, parts.config.advanced, (ctx.config as Partial<UsersPermissionsConfig>).advanced);
  },
});
