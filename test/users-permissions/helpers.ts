/**
 * Boots the example app with users-permissions on, and speaks its auth routes.
 */
import { startApp, type StartOptions, type TestApp } from '../helpers/app';
import type { DatabaseClient } from '@platform/core';

export const JWT_SECRET = 'test-jwt-secret-0123456789';

export const EXAMPLE_PERMISSIONS = {
  public: ['api::category.category.find', 'api::category.category.findOne', 'api::article.article.find', 'api::article.article.findOne'],
  authenticated: ['api::category.category.*', 'api::article.article.*', 'api::tag.tag.find'],
};

export interface AuthConfig {
  permissions?: Record<string, string[]>;
  ratelimit?: { enabled?: boolean; interval?: number; max?: number };
  [key: string]: unknown;
}

/**
 * The plugin config of a test: the test secret, no rate limit unless asked, the permissions
 * given. Test config is merged over the app's config/plugins.ts key by key, so both roles the
 * example app declares are always given (empty when the test names only one).
 */
export function authPlugins(config: AuthConfig = {}): Record<string, unknown> {
  const given: Record<string, string[]> = config.permissions ?? EXAMPLE_PERMISSIONS;
  const permissions = { public: given.public ?? [], authenticated: given.authenticated ?? [], ...given };
  return {
    'users-permissions': {
      config: { jwtSecret: JWT_SECRET, ...config, permissions, ratelimit: { enabled: false, ...(config.ratelimit ?? {}) } },
    },
  };
}

export function startAuthApp(client: DatabaseClient, config: AuthConfig = {}, options: Omit<StartOptions, 'client'> = {}): Promise<TestApp> {
  return startApp({ ...options, client, config: { ...(options.config ?? {}), plugins: { ...authPlugins(config), ...((options.config?.plugins as Record<string, unknown>) ?? {}) } } });
}

export function bearer(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}` };
}

let counter = 0;

/** Registers a fresh user; returns its JWT, user and password. */
export async function register(app: TestApp, name?: string): Promise<{ jwt: string; user: { id: number; username: string; email: string }; password: string }> {
  counter += 1;
  const username = name ?? `user${Date.now().toString(36)}${counter}`;
  const password = 'Passw0rd!';
  const res = await app.post('/api/auth/local/register', { username, email: `${username}@example.com`, password });
  if (res.status !== 200) throw new Error(`register ${username}: ${res.status} ${res.text}`);
  return { jwt: res.body.jwt, user: res.body.user, password };
}
