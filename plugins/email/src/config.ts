/**
 * The plugin's configuration, in Strapi v4's shape (`config/plugins.js`):
 *
 *   email: { config: { provider: 'nodemailer', providerOptions: { host, port, auth }, settings: { defaultFrom, defaultReplyTo } } }
 *
 * Without a `provider` the plugin logs each message in development and refuses to send in
 * production (see ./providers/log.ts), rather than pretending to deliver.
 */
import { isPlainObject } from '@platform/core';

export interface EmailSettings {
  defaultFrom?: string;
  defaultReplyTo?: string;
  [key: string]: unknown;
}

export interface EmailConfig extends Record<string, unknown> {
  /** `nodemailer`, `sendmail`, a Strapi provider's short name (`amazon-ses`) or a package name; none: log only */
  provider?: string;
  providerOptions: Record<string, unknown>;
  settings: EmailSettings;
}

export const defaultConfig: EmailConfig = { providerOptions: {}, settings: {} };

/** Throws a message naming the key when a value has the wrong shape. */
export function validateConfig(config: EmailConfig): void {
  if (config.provider !== undefined && (typeof config.provider !== 'string' || config.provider.trim() === ''))
    throw new Error('"provider" must be the name of an email provider (nodemailer, sendmail, or a provider package)');
  if (!isPlainObject(config.providerOptions)) throw new Error('"providerOptions" must be an object');
  if (!isPlainObject(config.settings)) throw new Error('"settings" must be an object');
  for (const key of ['defaultFrom', 'defaultReplyTo'] as const) {
    const value = config.settings[key];
    if (value !== undefined && typeof value !== 'string') throw new Error(`"settings.${key}" must be an email address`);
  }
}
