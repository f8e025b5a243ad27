/**
 * `plugin::email.email`, Strapi v4's email service: `send(options)` hands the message to the
 * provider, `sendTemplatedEmail(options, template, data)` fills the template's subject, text and
 * html from `data` first (./template.ts). A provider's failure becomes one error with a clear
 * message (502 in an answer, with the provider's error code), never a stack in the envelope; its
 * cause goes to the log.
 */
import { ApplicationError, type Logger } from '@platform/core';
import type { EmailConfig } from './config';
import { errors } from './errors';
import { renderTemplate } from './template';
import type { EmailOptions, EmailProvider } from './providers/types';

export interface EmailTemplate {
  subject: string;
  text: string;
  html: string;
}

export interface EmailService {
  send(options: EmailOptions): Promise<void>;
  sendTemplatedEmail(options: EmailOptions, template: EmailTemplate, data?: Record<string, unknown>): Promise<void>;
  /** fills `<%= path %>` placeholders of one template string from `data`, never running code */
  renderTemplate(template: string, data: Record<string, unknown>): string;
  /** the configuration the provider was made with (Strapi's `getProviderSettings`) */
  getProviderSettings(): EmailConfig;
}

const TEMPLATE_PARTS = ['subject', 'text', 'html'] as const;

/** The provider's error code (nodemailer's `ESOCKET`, `EAUTH`, `EENVELOPE`), when it has one. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

export function createEmailService(options: { provider: () => EmailProvider; config: EmailConfig; log: Logger }): EmailService {
  const { config, log } = options;

  async function send(message: EmailOptions): Promise<void> {
    const provider = options.provider();
    try {
      await provider.send(message);
    } catch (error) {
      // Errors the platform raised (no provider in production) pass as they are.
      if (error instanceof ApplicationError) throw error;
      // The cause (a server's address, a refused login) goes to the log, not to the caller.
      log.error(`email to ${String(message.to)} not sent`, error);
      const code = codeOf(error);
      throw errors.request('SEND_FAILED', `Couldn't send email: the email provider failed${code ? ` (${code})` : ''}`, {}, { cause: error });
    }
  }

  return {
    send,
    async sendTemplatedEmail(message, template, data = {}) {
      const missing = TEMPLATE_PARTS.filter((part) => !(part in (template ?? {})));
      if (missing.length > 0) throw new Error(`Following attributes are missing from your email template : ${missing.join(', ')}`);
      const filled: Partial<EmailTemplate> = {};
      for (const part of TEMPLATE_PARTS) {
        const text = template[part];
        if (typeof text === 'string' && text !== '') filled[part] = renderTemplate(text, data);
      }
      await send({ ...message, ...filled });
    },
    renderTemplate,
    getProviderSettings: () => config,
  };
}
