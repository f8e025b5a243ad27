/**
 * The plugin's state for one platform (the definition's `state`, read as `ctx.state`): the
 * configuration, the rate limiter, the email service, the access cache, the JWT service and
 * the accounts service.
 */
import type { PluginContext } from '@platform/core';
import { createAccounts, type AccountsService } from './accounts';
import { createAuthenticator, type Authenticator } from './auth/authenticate';
import { createJwtService, type JwtService } from './auth/jwt';
import { resolveConfig, type UsersPermissionsConfig } from './config';
import type { EmailService as EmailPluginService } from '@platform/email';
import { createEmailService, type EmailService } from './email';
import { errors } from './errors';
import { createAccessCache, type AccessCache } from './permissions/access-cache';
import { createDenialExplainer, type ExplainDenial } from './permissions/denials';
import { createRateLimiter, type RateLimiter } from './rate-limit';

export interface Runtime {
  config: UsersPermissionsConfig;
  limiter: RateLimiter;
  email: EmailService;
  access: AccessCache;
  jwt: JwtService;
  accounts: AccountsService;
  authenticator: Authenticator;
  /** the details of a 403, logging what was missing and who asked (in develop) */
  explainDenial: ExplainDenial;
  /** resolves the signing secret (register): a JWT cannot be issued or verified before */
  useSecret(secret: string): void;
  /** the address the server listens on (the kernel's ready hook), for links in emails when `server.url` is not set */
  listening(url: string): void;
}

/** The plugin's context, its state typed. */
export type UsersPermissionsContext = PluginContext<UsersPermissionsConfig, Runtime>;

export function createRuntime(ctx: UsersPermissionsContext): Runtime {
  const config = resolveConfig(ctx.config as Partial<UsersPermissionsConfig>);
  let signer: JwtService | null = null;
  const jwt: JwtService = {
    issue: (payload, notBefore) => current().issue(payload, notBefore),
    verify: (token) => current().verify(token),
  };
  function current(): JwtService {
    if (!signer) throw errors.internal('JWT_SECRET_MISSING', 'The JWT secret is not resolved yet (it is, from register on)');
    return signer;
  }
  const limiter = createRateLimiter(config.ratelimit, ctx.counters);
  // the email plugin's service, when the app runs it (declared optional)
  const email = createEmailService(() => (ctx.isEnabled('email') ? ctx.service<EmailPluginService>('plugin::email.email') : undefined));
  const access = createAccessCache(ctx);
  const restPrefix = ctx.appConfig<string>('api.rest.prefix', '/api').replace(/\/+$/, '');
  const publicUrl = ctx.appConfig<unknown>('server.url', '');
  let listeningUrl = `http://localhost:${ctx.appConfig<number>('server.port', 1337)}`;
  const serverUrl = () => (typeof publicUrl === 'string' && /^https?:\/\//i.test(publicUrl) ? publicUrl.replace(/\/+$/, '') : listeningUrl);
  const accounts = createAccounts({ ctx, config, jwt: () => jwt, limiter, email, restPrefix, serverUrl });
  const explainDenial = createDenialExplainer(ctx, () => access);
  const authenticator = createAuthenticator({ jwt: () => jwt, access, emailConfirmation: () => config.advanced.emailConfirmation, explainDenial });
  return {
    config,
    limiter,
    email,
    access,
    jwt,
    accounts,
    authenticator,
    explainDenial,
    listening(url) {
      listeningUrl = url;
    },
    useSecret(secret) {
      signer = createJwtService(secret, config.jwt);
    },
  };
}
