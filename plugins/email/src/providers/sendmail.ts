/**
 * The `sendmail` provider: hands each message to the machine's `sendmail` program (through
 * nodemailer's sendmail transport). `providerOptions.path` names the program when it is not
 * `sendmail` on the PATH. Strapi's own sendmail provider talks to the recipients' mail servers
 * directly; handing the message to the local mail system is what a server with one expects, and
 * it needs no open port 25 outward.
 */
import { nodemailerModule, transportProvider } from './nodemailer';
import type { EmailProviderModule } from './types';

export const sendmailProvider: EmailProviderModule = {
  init(providerOptions, settings) {
    const path = typeof providerOptions.path === 'string' ? providerOptions.path : 'sendmail';
    return transportProvider(nodemailerModule().createTransport({ sendmail: true, newline: 'unix', path }), settings);
  },
};
