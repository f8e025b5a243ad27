/**
 * The email plugin against a real SMTP server started by the test (test/email/smtp.ts): the
 * service and `POST /api/email` deliver through the nodemailer provider, templates are filled
 * without running code, the `strapi` object reaches the service as Strapi projects call it, and
 * users-permissions' reset-password and confirmation emails go through it and their codes work.
 * A mail server that is down is an error envelope, not a 500.
 */
import { assert, expect } from 'chai';
import { createLogger } from '@platform/core';
import type { EmailService } from '@platform/email';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { bearer, startAuthApp } from '../users-permissions/helpers';
import { closedPort, startSmtp, type TestSmtp } from './smtp';

const RESET_PAGE = 'https://front.example.com/reset-password';

function emailPlugin(port: number): Record<string, unknown> {
  return { email: { config: { provider: 'nodemailer', providerOptions: { host: '127.0.0.1', port }, settings: { defaultFrom: 'Site <site@example.com>', defaultReplyTo: 'help@example.com' } } } };
}

function envelope(status: number, name: string, message: string, details: Record<string, unknown> = {}) {
  return { data: null, error: { status, name, message, details } };
}

/** The one message received since `before` messages were there. */
function onlyNew(smtp: TestSmtp, before: number) {
  expect(smtp.received.length - before).to.equal(1);
  const mail = smtp.received[before];
  assert.exists(mail);
  return mail;
}

for (const client of testClients()) {
  describe(`the email plugin over SMTP [${client}]`, function () {
    this.timeout(60000);
    let smtp: TestSmtp;
    let app: TestApp;
    const service = () => app.platform.service<EmailService>('plugin::email.email');

    before(async () => {
      smtp = await startSmtp();
      app = await startAuthApp(
        client,
        { permissions: { public: [], authenticated: ['plugin::email.email.send'] }, advanced: { emailConfirmation: true, emailResetPassword: RESET_PAGE } },
        { config: { plugins: emailPlugin(smtp.port) } },
      );
    });
    after(async () => {
      await app?.close();
      await smtp?.close();
    });

    it('the service sends through nodemailer: addresses, subject, text and HTML arrive, the settings fill from and reply-to', async () => {
      const before = smtp.received.length;
      await service().send({ to: 'ada@example.com', cc: 'grace@example.com', bcc: 'hidden@example.com', subject: 'Hello', text: 'Hello Ada', html: '<p>Hello Ada</p>' });
      const mail = onlyNew(smtp, before);
      expect(mail.envelope).to.deep.equal({ from: 'site@example.com', to: ['ada@example.com', 'grace@example.com', 'hidden@example.com'] });
      expect({ from: mail.from, to: mail.to, cc: mail.cc, replyTo: mail.replyTo, subject: mail.subject, text: mail.text, html: mail.html }).to.deep.equal({
        from: '"Site" <site@example.com>',
        to: 'ada@example.com',
        cc: 'grace@example.com',
        replyTo: 'help@example.com',
        subject: 'Hello',
        text: 'Hello Ada',
        html: '<p>Hello Ada</p>',
      });
      // a message's own from and reply-to win over the settings
      await service().send({ to: 'ada@example.com', from: 'news@example.com', replyTo: 'news-replies@example.com', subject: 'News', text: 'Only text' });
      const own = onlyNew(smtp, before + 1);
      expect({ from: own.from, replyTo: own.replyTo, text: own.text, html: own.html }).to.deep.equal({
        from: 'news@example.com',
        replyTo: 'news-replies@example.com',
        text: 'Only text',
        html: 'Only text',
      });
    });

    it('the strapi object reaches the same service as Strapi projects call it', async () => {
      const strapi = globalThis.strapi;
      assert.exists(strapi);
      expect(strapi.platform).to.equal(app.platform);
      expect(strapi.plugin('email').service('email')).to.equal(service());
      expect(strapi.service('plugin::email.email')).to.equal(service());
      const before = smtp.received.length;
      const viaPlugins = strapi.plugins.email;
      assert.exists(viaPlugins);
      await (viaPlugins.services.email as EmailService).send({ to: 'strapi@example.com', subject: 'From strapi.plugins', text: 'Sent' });
      expect(onlyNew(smtp, before)).to.include({ to: 'strapi@example.com', subject: 'From strapi.plugins', text: 'Sent' });
    });

    it('sendTemplatedEmail fills subject, text and HTML from the data and runs no template code', async () => {
      const before = smtp.received.length;
      await service().sendTemplatedEmail(
        { to: 'ada@example.com' },
        {
          subject: 'Welcome <%= user.firstname %>',
          text: 'Hello <%= user.firstname %> <%= user.lastname %>, <%= process.mainModule %> <% throw new Error("ran") %>',
          html: '<h1>Hello <%- user.firstname %></h1>',
        },
        { user: { firstname: 'Ada', lastname: 'Lovelace' } },
      );
      const mail = onlyNew(smtp, before);
      expect({ subject: mail.subject, text: mail.text, html: mail.html }).to.deep.equal({
        subject: 'Welcome Ada',
        text: 'Hello Ada Lovelace, <%= process.mainModule %> <% throw new Error("ran") %>',
        html: '<h1>Hello Ada</h1>',
      });
      let refused: unknown;
      await service()
        .sendTemplatedEmail({ to: 'ada@example.com' }, { subject: 'No text' } as never, {})
        .catch((error: unknown) => (refused = error));
      expect((refused as Error).message).to.equal('Following attributes are missing from your email template : text, html');
      expect(smtp.received.length).to.equal(before + 1);
    });

    it('registration with email confirmation mails the stored (default) template; its link confirms the account', async () => {
      const before = smtp.received.length;
      const res = await app.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'Passw0rd!' });
      expect(res.status).to.equal(200);
      expect(Object.keys(res.body)).to.deep.equal(['user']);
      const mail = onlyNew(smtp, before);
      const user = await app.knex('up_users').where('username', 'ada').first('id', 'confirmed', 'confirmation_token');
      expect(Boolean(user.confirmed)).to.equal(false);
      const link = `${app.url}/api/auth/email-confirmation?confirmation=${user.confirmation_token}`;
      const body = `<p>Thank you for registering!</p>\n\n<p>You have to confirm your email address. Please click on the link below.</p>\n\n<p>${link}</p>\n\n<p>Thanks.</p>`;
      expect({ from: mail.from, to: mail.to, replyTo: mail.replyTo, subject: mail.subject, html: mail.html }).to.deep.equal({
        from: '"Administration Panel" <no-reply@strapi.io>',
        to: 'ada@example.com',
        // the template's response_email is empty: the settings' default reply-to
        replyTo: 'help@example.com',
        subject: 'Account confirmation',
        html: body,
      });
      expect((await app.post('/api/auth/local', { identifier: 'ada', password: 'Passw0rd!' })).status).to.equal(400);
      const follow = await fetch(link, { redirect: 'manual' });
      expect(follow.status).to.equal(302);
      expect(follow.headers.get('location')).to.equal('/');
      const confirmed = await app.knex('up_users').where('id', user.id).first('confirmed', 'confirmation_token');
      expect({ confirmed: Boolean(confirmed.confirmed), token: confirmed.confirmation_token }).to.deep.equal({ confirmed: true, token: null });
      expect((await app.post('/api/auth/local', { identifier: 'ada', password: 'Passw0rd!' })).status).to.equal(200);
    });

    it('forgot-password mails the reset link with its code; the code resets the password through POST /api/auth/reset-password', async () => {
      const before = smtp.received.length;
      expect((await app.post('/api/auth/forgot-password', { email: 'ADA@example.com' })).body).to.deep.equal({ ok: true });
      const mail = onlyNew(smtp, before);
      const { reset_password_token: code } = await app.knex('up_users').where('username', 'ada').first('reset_password_token');
      expect(code).to.match(/^[0-9a-f]{128}$/);
      expect({ from: mail.from, to: mail.to, subject: mail.subject, html: mail.html }).to.deep.equal({
        from: '"Administration Panel" <no-reply@strapi.io>',
        to: 'ada@example.com',
        subject: 'Reset password',
        html: `<p>We heard that you lost your password. Sorry about that!</p>\n\n<p>But don’t worry! You can use the following link to reset your password:</p>\n<p>${RESET_PAGE}?code=${code}</p>\n\n<p>Thanks.</p>`,
      });
      const mailed = /\?code=([0-9a-f]+)/.exec(mail.text)?.[1];
      const reset = await app.post('/api/auth/reset-password', { code: mailed, password: 'N3w-passw0rd', passwordConfirmation: 'N3w-passw0rd' });
      expect(reset.status).to.equal(200);
      expect(Object.keys(reset.body)).to.deep.equal(['jwt', 'user']);
      expect((await app.post('/api/auth/local', { identifier: 'ada', password: 'Passw0rd!' })).status).to.equal(400);
      expect((await app.post('/api/auth/local', { identifier: 'ada', password: 'N3w-passw0rd' })).status).to.equal(200);
      expect((await app.knex('up_users').where('username', 'ada').first('reset_password_token')).reset_password_token).to.equal(null);
    });

    it('uses the templates a Strapi database keeps in its core store (plugin_users-permissions_email)', async () => {
      const stored = {
        reset_password: {
          options: {
            from: { name: 'Support', email: 'support@example.com' },
            response_email: 'replies@example.com',
            object: 'Reset for <%= USER.username %>',
            message: 'Hi <%= USER.username %>: <%= URL %>?code=<%= TOKEN %> (<%= USER.password %>)',
          },
        },
      };
      await app.knex('strapi_core_store_settings').insert({ key: 'plugin_users-permissions_email', value: JSON.stringify(stored), type: 'object', environment: '', tag: '' });
      try {
        const before = smtp.received.length;
        await app.post('/api/auth/forgot-password', { email: 'ada@example.com' });
        const mail = onlyNew(smtp, before);
        const { reset_password_token: code } = await app.knex('up_users').where('username', 'ada').first('reset_password_token');
        // the template may show the user's name, never its password hash
        expect({ from: mail.from, replyTo: mail.replyTo, subject: mail.subject, text: mail.text }).to.deep.equal({
          from: '"Support" <support@example.com>',
          replyTo: 'replies@example.com',
          subject: 'Reset for ada',
          text: `Hi ada: ${RESET_PAGE}?code=${code} (<%= USER.password %>)`,
        });
      } finally {
        await app.knex('strapi_core_store_settings').where({ key: 'plugin_users-permissions_email' }).delete();
      }
    });

    it('POST /api/email sends for a role granted plugin::email.email.send, answers {} and is refused to the public', async () => {
      const before = smtp.received.length;
      const message = { to: 'grace@example.com', subject: 'Over REST', text: 'Plain', html: '<b>Rich</b>', attachments: [{ filename: 'note.txt', content: 'attached', contentType: 'text/plain' }] };
      const refused = await app.post('/api/email', message);
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal(envelope(403, 'ForbiddenError', 'Forbidden'));
      expect(smtp.received.length).to.equal(before);
      const { jwt } = (await app.post('/api/auth/local', { identifier: 'ada', password: 'N3w-passw0rd' })).body as { jwt: string };
      const res = await app.post('/api/email', message, bearer(jwt));
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({});
      const mail = onlyNew(smtp, before);
      expect({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments }).to.deep.equal({
        from: '"Site" <site@example.com>',
        to: 'grace@example.com',
        subject: 'Over REST',
        text: 'Plain',
        html: '<b>Rich</b>',
        attachments: [{ filename: 'note.txt', contentType: 'text/plain', content: 'attached' }],
      });
    });

    it('POST /api/email refuses a body that is no message (and attachments the server would read from disk or the network) with 400', async () => {
      const { jwt } = (await app.post('/api/auth/local', { identifier: 'ada', password: 'N3w-passw0rd' })).body as { jwt: string };
      const before = smtp.received.length;
      const missing = await app.post('/api/email', { subject: 'No one', text: 'x' }, bearer(jwt));
      expect(missing.status).to.equal(400);
      expect(missing.body).to.deep.equal(envelope(400, 'ValidationError', 'to is a required field', { errors: [{ path: ['to'], message: 'to is a required field', name: 'ValidationError' }] }));
      const files = await app.post('/api/email', { to: 'a@example.com', subject: 7, attachments: [{ filename: 'passwd', path: '/etc/passwd' }], envelope: { to: 'x@example.com' } }, bearer(jwt));
      expect(files.status).to.equal(400);
      expect(files.body).to.deep.equal(
        envelope(400, 'ValidationError', '4 errors occurred', {
          errors: [
            { path: ['envelope'], message: 'envelope is not a field of an email', name: 'ValidationError' },
            { path: ['subject'], message: 'subject must be a string', name: 'ValidationError' },
            { path: ['attachments', '0', 'path'], message: 'path is not allowed: an attachment carries its content inline', name: 'ValidationError' },
            { path: ['attachments', '0', 'content'], message: 'content is a required field', name: 'ValidationError' },
          ],
        }),
      );
      expect(smtp.received.length).to.equal(before);
    });
  });

  describe(`the email plugin with its SMTP server down [${client}]`, function () {
    this.timeout(60000);
    let app: TestApp;

    before(async () => {
      app = await startAuthApp(
        client,
        { permissions: { public: ['plugin::email.email.send'], authenticated: [] }, advanced: { emailConfirmation: true } },
        { config: { plugins: emailPlugin(await closedPort()) } },
      );
    });
    after(async () => app?.close());

    const down = envelope(502, 'ApplicationError', "Couldn't send email: the email provider failed (ESOCKET)");

    it('POST /api/email answers 502 with a clear message, no stack', async () => {
      const res = await app.post('/api/email', { to: 'ada@example.com', subject: 'Lost', text: 'x' });
      expect(res.status).to.equal(502);
      expect(res.body).to.deep.equal(down);
    });

    it('forgot-password and registration answer the same error; the user and the reset code are kept, as Strapi keeps them', async () => {
      const register = await app.post('/api/auth/local/register', { username: 'grace', email: 'grace@example.com', password: 'Passw0rd!' });
      expect(register.status).to.equal(502);
      expect(register.body).to.deep.equal(down);
      const user = await app.knex('up_users').where('username', 'grace').first('confirmed', 'confirmation_token');
      expect(Boolean(user.confirmed)).to.equal(false);
      expect(user.confirmation_token).to.match(/^[0-9a-f]+$/);
      const forgot = await app.post('/api/auth/forgot-password', { email: 'grace@example.com' });
      expect(forgot.status).to.equal(502);
      expect(forgot.body).to.deep.equal(down);
      expect((await app.knex('up_users').where('username', 'grace').first('reset_password_token')).reset_password_token).to.match(/^[0-9a-f]{128}$/);
    });
  });

  describe(`the email plugin without a provider, and users-permissions without the email plugin [${client}]`, function () {
    this.timeout(60000);
    const notConfigured = envelope(503, 'ServiceUnavailableError', 'No email provider is configured: set email.config.provider in config/plugins (for example "nodemailer" with its providerOptions)');

    it('in development logs the message instead of sending it', async () => {
      const lines: string[] = [];
      const app = await startApp({ client, logger: createLogger('info', (line) => lines.push(line)) });
      try {
        await app.platform.service<EmailService>('plugin::email.email').send({ to: ['ada@example.com', 'grace@example.com'], subject: 'Hello', text: 'The text' });
        expect(lines.filter((line) => line.includes('[email]')).map((line) => line.replace(/^\[[^\]]+\] /, ''))).to.deep.equal([
          'INFO [email] email (not sent: no provider configured) to ada@example.com, grace@example.com: Hello\nThe text',
        ]);
      } finally {
        await app.close();
      }
    });

    it('in production warns at start-up and refuses every send with a 503 naming the missing configuration', async () => {
      const lines: string[] = [];
      const app = await startApp({
        client,
        mode: 'start',
        logger: createLogger('warn', (line) => lines.push(line)),
      });
      try {
        expect(lines.filter((line) => line.includes('[email]')).map((line) => line.replace(/^\[[^\]]+\] /, ''))).to.deep.equal([
          `WARN [email] ${notConfigured.error.message}; every email is refused until then`,
        ]);
        const res = await app.post('/api/email', { to: 'ada@example.com', subject: 'Hello', text: 'x' });
        expect(res.status).to.equal(503);
        expect(res.body).to.deep.equal(notConfigured);
      } finally {
        await app.close();
      }
    });

    it('users-permissions without the email plugin: forgot-password answers a 503 saying so, after storing the code as Strapi does', async () => {
      const app = await startAuthApp(client, {}, { config: { plugins: { email: { enabled: false } } } });
      try {
        await app.post('/api/auth/local/register', { username: 'nomail', email: 'nomail@example.com', password: 'Passw0rd!' });
        const res = await app.post('/api/auth/forgot-password', { email: 'nomail@example.com' });
        expect(res.status).to.equal(503);
        expect(res.body).to.deep.equal(envelope(503, 'ServiceUnavailableError', 'Sending this email needs the email plugin, which is not enabled (config/plugins: email)'));
        expect((await app.knex('up_users').where('username', 'nomail').first('reset_password_token')).reset_password_token).to.match(/^[0-9a-f]{128}$/);
      } finally {
        await app.close();
      }
    });
  });
}
