/**
 * The plugin's state for one platform (the kernel's per-plugin state slot, `ctx.state`): made
 * from the plugin's context at its first use, never kept at module level.
 */
import { BootError, type PluginContext } from '@platform/core';
import { createAccess, type Access } from './access';
import { createSessionTokens } from './auth/sessions';
import type { AdminConfig } from './config';
import { createContentOperations, type ContentOperations } from './content/content-operations';
import { errors } from './errors';
import { appFiles, type AppFiles } from './http/static-app';

export interface Runtime {
  access: Access;
  operations: ContentOperations;
  files: AppFiles;
  /**
   * Resolves the session secret, in register: `jwtSecret` in the config, else ADMIN_JWT_SECRET
   * (`platform new` writes one; `develop` writes one when it is missing). Under `platform
   * start` without one the app still serves its API: start-up warns, and the panel's sign-in
   * answers a 503 naming the variable, until it is set.
   */
  resolveSecret(): void;
}

export function createRuntime(ctx: PluginContext<AdminConfig, Runtime>): Runtime {
  let secret: string | null = null;
  let missing: string | null = null;
  const tokens = createSessionTokens(() => {
    if (secret === null) throw errors.request('SESSIONS_OFF', missing ?? 'The admin sessions are not ready yet');
    return secret;
  }, ctx.config.expiresIn);
  return {
    access: createAccess(ctx, tokens),
    operations: createContentOperations(ctx),
    files: appFiles(),
    resolveSecret() {
      try {
        secret = ctx.secret('ADMIN_JWT_SECRET', ctx.config.jwtSecret);
      } catch (error) {
        if (!(error instanceof BootError) || error.code !== 'SECRET_MISSING') throw error;
        missing = "The admin panel cannot sign anyone in: ADMIN_JWT_SECRET is not set (set it in the environment or the app's .env)";
        ctx.log.warn(missing);
      }
    },
  };
}
