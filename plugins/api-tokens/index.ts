/**
 * The api-tokens plugin: Strapi v4's API tokens (read-only, full-access, custom; an optional
 * lifespan of 7, 30 or 90 days), kept in Strapi's `strapi_api_tokens` tables only as
 * HMAC-SHA512(API_TOKEN_SALT, secret), so an existing database's tokens keep working. It taps
 * the kernel's `authenticate` step at stage -10 (before users-permissions, which checks every
 * route's scope against the token's ability); it offers the `plugin::api-tokens.api-tokens`
 * service and the `platform api-token` command.
 *
 * Config (`config/plugins.ts`, `'api-tokens': { config: {...} }`):
 * - `salt`: the HMAC key; default `admin.apiToken.salt` (a Strapi project's config/admin), then
 *   the `API_TOKEN_SALT` environment variable (written to `.env` by `platform develop` when absent)
 * - `refreshInterval`: how often (ms, default 5000) to look for changes another process made
 *   (a revoke on the command line, another host); 0: never
 * - `lastUsedInterval`: a token's `lastUsedAt` is written when older than this (ms, default one hour)
 */
import { definePlugin } from '@platform/core';
import { apiTokenCommand } from './src/commands';
import { PERMISSION_UID, permissionSchema, TOKEN_UID, tokenSchema } from './src/content-types';
import { errors } from './src/errors';
import { collectActions } from './src/known-actions';
import { createLastUsedTracker } from './src/last-used';
import { createApiTokensService, type ApiTokensService } from './src/service';
import { createApiTokenStrategy } from './src/strategy';
import { CHANGED_CHANNEL, createRuntime, saltOf, type Runtime } from './src/runtime';
import { writeLastUsed } from './src/token-store';
import { validateConfig, type ApiTokensConfig } from './src/config';

export type { ApiTokensService, CreatedApiToken } from './src/service';
export type { ApiToken } from './src/token-store';
export type { CreateTokenInput } from './src/validate-input';
export type { ApiTokenCredentials } from './src/strategy';
export { STRATEGY_NAME } from './src/strategy';
export { TOKEN_TYPES, LIFESPAN_DAYS, type TokenType } from './src/token-types';
export { hashSecret } from './src/hash';
export type { ApiTokensConfig } from './src/config';

declare module '@platform/core' {
  interface ServiceMap {
    'plugin::api-tokens.api-tokens': ApiTokensService;
  }
}

const PLUGIN_NAME = 'api-tokens';
/** Before users-permissions (stage 0): Strapi v4 tries the api-token strategy first. */
export const AUTHENTICATE_STAGE = -10;
const SALT_VARIABLE = 'API_TOKEN_SALT';

export default definePlugin<ApiTokensConfig, Runtime>({
  name: PLUGIN_NAME,
  requires: ['query-engine'],
  optional: ['users-permissions'],
  errors: errors.table,
  config: {
    default: { refreshInterval: 5000, lastUsedInterval: 60 * 60 * 1000 },
    validate: validateConfig,
  },
  contentTypes: {
    'api-token': { schema: tokenSchema },
    'api-token-permission': { schema: permissionSchema },
  },
  state: createRuntime,
  services: {
    'api-tokens': (ctx) => {
      const runtime = ctx.state;
      return createApiTokensService({
        ctx,
        salt: () => saltOf(runtime),
        cache: runtime.cache,
        knownActions: () => runtime.actions,
        announce: () => ctx.broadcast.publishAndWait(CHANGED_CHANNEL, null),
      });
    },
  },
  commands: { 'api-token': apiTokenCommand },
  register(ctx) {
    const { declarations } = ctx.service('plugin::query-engine.content-api');
    // read by the API's document, which lists API tokens among the credentials routes take
    declarations.addCredentials(PLUGIN_NAME, 'apiToken', { type: 'http', scheme: 'bearer', description: 'An API token (`platform api-token create`): `Authorization: Bearer <token>`' });
    // the token tables are no content: GraphQL's generated schema leaves both types out, as
    // Strapi v4 keeps its admin types out of the content API
    declarations.graphql.model(PLUGIN_NAME, { models: (model) => model.uid === TOKEN_UID || model.uid === PERMISSION_UID, hidden: true });
    // asked here, so a `platform start` without a salt stops before the database is touched
    const salt = ctx.secret(SALT_VARIABLE, ctx.config.salt ?? ctx.appConfig<unknown>('admin.apiToken.salt'));
    const state = ctx.state;
    state.salt = salt;
    const lastUsed = createLastUsedTracker((id, at) => writeLastUsed(ctx.db.knex, id, at), ctx.config.lastUsedInterval, ctx.log);
    ctx.hooks.authenticate.tapPromise({ name: PLUGIN_NAME, stage: AUTHENTICATE_STAGE }, createApiTokenStrategy({ cache: state.cache, salt, lastUsed }));
    // last, so that routes other taps add are known too
    ctx.hooks.routesBuilt.tap({ name: PLUGIN_NAME, stage: 1000 }, (routes) => {
      state.actions = collectActions(routes);
    });
  },
  async bootstrap(ctx) {
    const runtime = ctx.state;
    const { cache } = runtime;
    await cache.reload();
    // another worker's change is heard at once; the fingerprint check catches other processes' (the command line, other hosts)
    const readAgain = () => {
      cache.reloadBeforeNextLookup().catch((error: unknown) => ctx.log.warn(`could not read the API tokens again: ${(error as Error).message}`));
    };
    const unsubscribes = [ctx.broadcast.subscribe(CHANGED_CHANNEL, readAgain), ctx.broadcast.onResync(readAgain)];
    runtime.unsubscribe = () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
    cache.watch(ctx.config.refreshInterval);
    if (!ctx.isEnabled('users-permissions')) {
      // the kernel warns when nothing guards the API; tokens still fill ctx.state.auth for the app's own policies
      ctx.log.info('users-permissions is not enabled: API tokens authenticate requests, but no route checks what a token may do');
    }
  },
  async destroy(ctx) {
    const runtime = ctx.state;
    runtime.unsubscribe?.();
    await runtime.cache.close();
  },
});
