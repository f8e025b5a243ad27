/**
 * The plugin's parts for one platform, made at its first use from the plugin's context (a
 * process may run several platforms: nothing is kept at module level).
 */
import type { PluginContext } from '@platform/core';
import { createAccess, type Access } from './access';
import { createSessionTokens } from './auth/sessions';
import type { AdminConfig } from './config';
import { createContentOperations, type ContentOperations } from './content/content-operations';
import { appFiles, type AppFiles } from './http/static-app';

export interface Runtime {
  access: Access;
  operations: ContentOperations;
  files: AppFiles;
  /** resolves the session secret (in register: `develop` may write a new one to .env) */
  setSecret(secret: string): void;
}

const runtimes = new WeakMap<object, Runtime>();

export function runtime(ctx: PluginContext<AdminConfig>): Runtime {
  let found = runtimes.get(ctx);
  if (!found) {
    let secret: string | null = null;
    const tokens = createSessionTokens(() => {
      if (secret === null) secret = ctx.secret('ADMIN_JWT_SECRET', ctx.config.jwtSecret);
      return secret;
    }, ctx.config.expiresIn);
    found = {
      access: createAccess(ctx, tokens),
      operations: createContentOperations(ctx),
      files: appFiles(),
      setSecret(value) {
        secret = value;
      },
    };
    runtimes.set(ctx, found);
  }
  return found;
}
