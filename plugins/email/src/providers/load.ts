/**
 * Finds the provider `config.provider` names, as Strapi v4 does and from the app's folder:
 * `nodemailer` and `sendmail` are built in; any other name is the package
 * `@strapi/provider-email-<name>` when the app has it (`amazon-ses`, `mailgun`, `sendgrid`), else
 * the package of that name (`strapi-provider-email-brevo`, `@my/provider`).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadUserModule } from '@platform/core';
import { errors } from '../errors';
import { nodemailerProvider } from './nodemailer';
import { sendmailProvider } from './sendmail';
import type { EmailProviderModule } from './types';

const BUILT_IN: Record<string, EmailProviderModule> = { nodemailer: nodemailerProvider, sendmail: sendmailProvider };

function isProviderModule(value: unknown): value is EmailProviderModule {
  return typeof value === 'object' && value !== null && typeof (value as { init?: unknown }).init === 'function';
}

export function loadProvider(name: string, appDir: string): { module: EmailProviderModule; from: string } {
  const builtIn = BUILT_IN[name.toLowerCase()];
  if (builtIn) return { module: builtIn, from: 'built in' };
  const appRequire = createRequire(path.join(appDir, 'package.json'));
  const candidates = name.startsWith('@') || name.includes('/') ? [name] : [`@strapi/provider-email-${name}`, name];
  for (const candidate of candidates) {
    let file: string;
    try {
      file = appRequire.resolve(candidate);
    } catch {
      continue;
    }
    let loaded: unknown;
    try {
      // as app code (a provider may reach the app's `strapi` while it sends); an ES module's default export is what it gives
      loaded = loadUserModule(file, { fresh: false });
    } catch (error) {
      throw errors.boot('PROVIDER_INVALID', `Email provider "${name}" (${candidate}) failed to load: ${(error as Error).message}`, { cause: error });
    }
    if (!isProviderModule(loaded)) throw errors.boot('PROVIDER_INVALID', `Email provider "${name}" (${candidate}) exports no init(providerOptions, settings) function`);
    return { module: loaded, from: candidate };
  }
  const tried = candidates.map((c) => `"${c}"`).join(' or ');
  throw errors.boot(
    'PROVIDER_NOT_FOUND',
    `Email provider "${name}" is not built in (nodemailer, sendmail) and the app has no package ${tried}: install it in the app's folder (npm install ${candidates[0]})`,
  );
}
