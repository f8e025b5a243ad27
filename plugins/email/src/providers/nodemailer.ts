/**
 * The `nodemailer` provider, as Strapi's `@strapi/provider-email-nodemailer`: `providerOptions`
 * is nodemailer's transport (SMTP `host`, `port`, `secure`, `auth`, or any transport nodemailer
 * takes); the settings' `defaultFrom` and `defaultReplyTo` fill what a message leaves out, and a
 * message with only text or only HTML sends it as both.
 */
import type { Transporter } from 'nodemailer';
import type { EmailSettings } from '../config';
import type { EmailOptions, EmailProvider, EmailProviderModule } from './types';

const FIELDS = ['from', 'to', 'cc', 'bcc', 'replyTo', 'subject', 'text', 'html', 'attachments'] as const;

/** The message nodemailer sends: Strapi's fields, with the settings' defaults. */
export function messageOf(options: EmailOptions, settings: EmailSettings): Record<string, unknown> {
  const message: Record<string, unknown> = {};
  for (const field of FIELDS) if (options[field] !== undefined) message[field] = options[field];
  message.from = options.from || settings.defaultFrom;
  message.replyTo = options.replyTo || settings.defaultReplyTo;
  message.text = options.text || options.html;
  message.html = options.html || options.text;
  for (const key of Object.keys(message)) if (message[key] === undefined) delete message[key];
  return message;
}

/** nodemailer, loaded when a provider built on it starts: an app that sends no email never loads it */
export const nodemailerModule = (): typeof import('nodemailer') => require('nodemailer') as typeof import('nodemailer');

export function transportProvider(transport: Transporter, settings: EmailSettings): EmailProvider {
  return { send: (options) => transport.sendMail(messageOf(options, settings)), close: () => transport.close() };
}

export const nodemailerProvider: EmailProviderModule = {
  init(providerOptions, settings) {
    return transportProvider(nodemailerModule().createTransport(providerOptions), settings);
  },
};
