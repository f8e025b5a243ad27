/**
 * What sends when no provider is configured. In development the message is written to the log
 * (who to, the subject and the text), so sign-up and password-reset flows can be followed without
 * a mail server. In production nothing is pretended: every send is refused with an error that
 * names the missing configuration, and start-up warns once.
 */
import type { Logger } from '@platform/core';
import { errors } from '../errors';
import type { EmailProvider } from './types';

const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

export const NOT_CONFIGURED_MESSAGE = 'No email provider is configured: set email.config.provider in config/plugins (for example "nodemailer" with its providerOptions)';

export function logProvider(log: Logger, production: boolean): EmailProvider {
  return {
    send(options) {
      if (production) throw errors.request('NOT_CONFIGURED', NOT_CONFIGURED_MESSAGE);
      log.info(`email (not sent: no provider configured) to ${list(options.to)}: ${options.subject ?? ''}\n${options.text ?? options.html ?? ''}`);
    },
  };
}
