/**
 * How the plugin sends email (password reset, email confirmation). The default sender writes
 * the message to the log, which is what a development setup needs; an email plugin (or the
 * app, from its bootstrap) puts a real sender in its place with `use(sender)`.
 */
import type { Logger } from '@platform/core';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

export interface EmailService extends EmailSender {
  /** replaces the sender; returns the one it replaced */
  use(sender: EmailSender): EmailSender;
}

export function loggingSender(log: Logger, production: boolean): EmailSender {
  return {
    async send(message) {
      // In production the body (a reset code) stays out of the log.
      log.info(production ? `email to ${message.to}: ${message.subject} (no email sender configured)` : `email to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

export function createEmailService(initial: EmailSender): EmailService {
  let sender = initial;
  return {
    send: (message) => sender.send(message),
    use(next) {
      const previous = sender;
      sender = next;
      return previous;
    },
  };
}
