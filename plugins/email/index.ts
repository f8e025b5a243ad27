/**
 * The email plugin: Strapi v4's email service (`plugin::email.email`: `send`,
 * `sendTemplatedEmail`), its provider contract (`init(providerOptions, settings) -> { send }`,
 * configured as `email: { config: { provider, providerOptions, settings } }` in
 * `config/plugins`), the built-in `nodemailer` and `sendmail` providers, the app's provider
 * packages, and `POST /api/email` (permission `plugin::email.email.send`). Without a provider it
 * logs messages in development and refuses them in production.
 */
import { definePlugin, type PluginContext, type RouteDefinition } from '@platform/core';
import { defaultConfig, validateConfig, type EmailConfig } from './src/config';
import { createEmailController } from './src/controller';
import { errors } from './src/errors';
import { loadProvider } from './src/providers/load';
import { logProvider, NOT_CONFIGURED_MESSAGE } from './src/providers/log';
import type { EmailProvider } from './src/providers/types';
import { createEmailService, type EmailService } from './src/service';

export type { EmailConfig, EmailSettings } from './src/config';
export type { EmailService, EmailTemplate } from './src/service';
export type { EmailOptions, EmailAttachment, EmailProvider, EmailProviderModule } from './src/providers/types';

const PLUGIN_NAME = 'email';

interface EmailState {
  service: EmailService;
  /** the provider, made in register */
  provider?: EmailProvider;
}

type EmailContext = PluginContext<EmailConfig, EmailState>;

const routes: RouteDefinition[] = [{ method: 'POST', path: '/', handler: `plugin::${PLUGIN_NAME}.email.send`, config: { policies: [] }, info: { type: 'content-api', pluginName: PLUGIN_NAME } }];

function isProduction(ctx: EmailContext): boolean {
  return ctx.mode === 'start' || ctx.env('NODE_ENV') === 'production';
}

async function makeProvider(ctx: EmailContext): Promise<EmailProvider> {
  const { provider, providerOptions, settings } = ctx.config;
  if (provider === undefined) {
    return logProvider(ctx.log, isProduction(ctx));
  }
  const { module, from } = loadProvider(provider, ctx.appDir);
  let made: unknown;
  try {
    made = await module.init(providerOptions, settings);
  } catch (error) {
    throw errors.boot('PROVIDER_INVALID', `Email provider "${provider}" (${from}) failed to start: ${(error as Error).message}`, { cause: error });
  }
  if (typeof (made as EmailProvider | null)?.send !== 'function')
    throw errors.boot('PROVIDER_INVALID', `Email provider "${provider}" (${from}): init(providerOptions, settings) returned no send(options) function`);
  ctx.log.debug(`email provider "${provider}" (${from})`);
  return made as EmailProvider;
}

export default definePlugin<EmailConfig, EmailState>({
  name: PLUGIN_NAME,
  errors: errors.table,
  config: { default: defaultConfig, validate: validateConfig },
  state: (ctx) => ({
    service: createEmailService({
      config: ctx.config,
      log: ctx.log,
      provider: () => {
        if (!ctx.state.provider) throw errors.request('NOT_CONFIGURED', 'The email provider is not started yet (it is, from register on)');
        return ctx.state.provider;
      },
    }),
  }),
  services: { email: (ctx) => ctx.state.service },
  controllers: { email: (ctx) => createEmailController(() => ctx.state.service) },
  routes,
  async register(ctx) {
    ctx.state.provider = await makeProvider(ctx);
    // said once the server listens: a command of the command line sends no email and need not hear it
    if (ctx.config.provider === undefined && isProduction(ctx)) {
      ctx.hooks.ready.tap(PLUGIN_NAME, () => ctx.log.warn(`${NOT_CONFIGURED_MESSAGE}; every email is refused until then`));
    }
  },
  async destroy(ctx) {
    // a pooled SMTP transport keeps sockets open, which would hold the process after the app stops
    await ctx.state.provider?.close?.();
  },
});
