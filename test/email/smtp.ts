/**
 * A real SMTP server for the email tests (the `smtp-server` package), on a free local port: it
 * accepts every message and keeps it parsed (`mailparser`), with the envelope the client gave.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../helpers/ports';

export interface ReceivedEmail {
  /** MAIL FROM and RCPT TO, as the client sent them */
  envelope: { from: string; to: string[] };
  from: string;
  to: string;
  cc: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

export interface TestSmtp {
  port: number;
  /** every message accepted so far (a send returns once the server has accepted its message) */
  received: ReceivedEmail[];
  close(): Promise<void>;
}

const addresses = (value: AddressObject | AddressObject[] | undefined): string => (Array.isArray(value) ? value.map((a) => a.text).join(', ') : (value?.text ?? ''));

export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const from = session.envelope.mailFrom;
          received.push({
            envelope: { from: from ? from.address : '', to: session.envelope.rcptTo.map((r) => r.address) },
            from: addresses(mail.from),
            to: addresses(mail.to),
            cc: addresses(mail.cc),
            replyTo: addresses(mail.replyTo),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local port nothing listens on: an SMTP server that is down (drawn where no other process's
 * connection is handed one, see ports.ts). */
export const closedPort = freePort;
