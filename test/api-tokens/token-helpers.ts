/**
 * What the API token tests share: the salt, Strapi v4's hashing scheme written out here (not
 * taken from the plugin, so the tests check the plugin against it), and an app with the plugin
 * and users-permissions.
 */
import crypto from 'node:crypto';
import type { DatabaseClient } from '@platform/core';
import { startApp, type StartOptions, type TestApp } from '../helpers/app';
import type { TestDatabase } from '../helpers/databases';
import { eventually as waitUntil } from '../helpers/eventually';
import { authPlugins } from '../users-permissions/helpers';

export const SALT = 'token-tests-salt';

/** Strapi v4: `accessKey = HMAC-SHA512(key = apiToken.salt, message = token)`, hex. */
export function strapiAccessKey(salt: string, secret: string): string {
  return crypto.createHmac('sha512', salt).update(secret).digest('hex');
}

export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

export interface TokenAppOptions {
  client?: DatabaseClient;
  database?: TestDatabase;
  /** the plugin's config over the tests' salt */
  config?: Record<string, unknown>;
}

/**
 * What a test app needs for tokens: the api-tokens plugin with `pluginConfig` (the tests' salt
 * unless it says otherwise), users-permissions (which checks each route's scope against the
 * token's ability) with a public role that may do `publicActions` only, and `config` besides
 * (app settings).
 */
export function tokenAppOptions(pluginConfig: Record<string, unknown> = {}, config: Record<string, Record<string, unknown>> = {}, publicActions: string[] = []): Pick<StartOptions, 'config'> {
  return {
    config: { ...config, plugins: { ...authPlugins({ permissions: { public: publicActions, authenticated: [] } }), 'api-tokens': { config: { salt: SALT, ...pluginConfig } } } },
  };
}

/** The example app with the api-tokens and users-permissions plugins on. */
export function startTokenApp(options: TokenAppOptions = {}): Promise<TestApp> {
  return startApp({ client: options.client, database: options.database, ...tokenAppOptions(options.config) });
}

/** Waits until `check` holds (a change another process made, seen at the next refresh). */
export function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  return waitUntil(check, timeoutMs, 'the change to be seen');
}
