/**
 * How the plugin sends email (password reset, email confirmation): through the email plugin's
 * service (`plugin::email.email`) when it is enabled, so the app's provider delivers them. Without
 * the email plugin the plugin still runs; a route that has to send an email answers an error
 * saying so. `use(sender)` puts another sender in place (an app's bootstrap, a test).
 */
import type { EmailService as EmailPluginService } from '@platform/email';
import { errors } from './errors';

export interface EmailMessage {
  to: string;
  from?: string;
  replyTo?: string;
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
  /** fills a stored template's `<%= URL %>` placeholders (the email plugin's renderer: no code runs) */
  render(template: string, data: Record<string, unknown>): string;
}

const MISSING = 'Sending this email needs the email plugin, which is not enabled (config/plugins: email)';

/** The email plugin's service, or nothing when the plugin is off. */
export type EmailPluginLookup = () => EmailPluginService | undefined;

export function createEmailService(emailPlugin: EmailPluginLookup): EmailService {
  const required = (): EmailPluginService => {
    const service = emailPlugin();
    if (!service) throw errors.request('EMAIL_PLUGIN_MISSING', MISSING);
    return service;
  };
  let sender: EmailSender = { send: (message) => required().send({ ...message }) };
  return {
    send: (message) => sender.send(message),
    use(next) {
      const previous = sender;
      sender = next;
      return previous;
    },
    render: (template, data) => required().renderTemplate(template, data),
  };
}
