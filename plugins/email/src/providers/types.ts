/**
 * Strapi v4's email provider contract: a package whose export has
 * `init(providerOptions, settings)` returning `{ send(options) }`. Built-in providers and the
 * app's provider packages are used the same way.
 */
import type { EmailSettings } from '../config';

export interface EmailAttachment {
  filename?: string;
  content?: string | Buffer;
  contentType?: string;
  encoding?: string;
  cid?: string;
  [key: string]: unknown;
}

/** What `send` takes: Strapi's fields, and whatever else a provider understands. */
export interface EmailOptions {
  from?: string;
  to?: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  replyTo?: string;
  subject?: string;
  text?: string;
  html?: string;
  attachments?: EmailAttachment[];
  [key: string]: unknown;
}

export interface EmailProvider {
  send(options: EmailOptions): Promise<unknown> | unknown;
  /** closes what the provider keeps open (a pool of SMTP connections); called when the app stops */
  close?(): void | Promise<void>;
}

export interface EmailProviderModule {
  init(providerOptions: Record<string, unknown>, settings: EmailSettings): EmailProvider | Promise<EmailProvider>;
}
