/**
 * A Strapi v4 project that sends email (test/fixtures/strapi-email-project, copied as it is):
 * its `src/index.js` bootstrap calls `strapi.plugins['email'].services.email.send`, a lifecycle
 * calls `strapi.plugin('email').service('email').sendTemplatedEmail`, and `config/plugins.js`
 * configures the provider as Strapi's docs write it. Run with the built-in nodemailer provider
 * against a real SMTP server, and with a provider package installed in the app's folder
 * (`provider: 'outbox'` is `@strapi/provider-email-outbox`, found as Strapi finds it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';
import { startSmtp, type TestSmtp } from './smtp';

const FIXTURE = path.resolve(__dirname, '..', 'fixtures', 'strapi-email-project');

/** A provider package of Strapi's shape that appends each message (and its settings) to a file. */
const OUTBOX_PROVIDER = `'use strict';
const fs = require('fs');
module.exports = {
  init(providerOptions, settings) {
    return {
      async send(options) {
        fs.appendFileSync(providerOptions.file, JSON.stringify({ options, settings }) + '\\n');
      },
    };
  },
};
`;

function copyFixture(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-strapi-email-'));
  fs.cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

for (const client of testClients()) {
  describe(`a Strapi v4 project sending email through nodemailer [${client}]`, function () {
    this.timeout(60000);
    let smtp: TestSmtp;
    let appDir: string;
    let app: TestApp;

    before(async () => {
      smtp = await startSmtp();
      appDir = copyFixture();
      app = await startApp({ client, appDir, env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) } });
    });
    after(async () => {
      await app?.close();
      await smtp?.close();
      if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
    });

    it("src/index.js bootstrap sent its email through strapi.plugins['email'].services.email.send", () => {
      expect(smtp.received.map(({ envelope, from, replyTo, to, subject, text }) => ({ envelope, from, replyTo, to, subject, text }))).to.deep.equal([
        {
          envelope: { from: 'hello@example.com', to: ['admin@example.com'] },
          from: 'hello@example.com',
          replyTo: 'support@example.com',
          to: 'admin@example.com',
          subject: 'The site started',
          text: 'Content types: api::message.message',
        },
      ]);
    });

    it("a create runs the lifecycle's sendTemplatedEmail: the templated email arrives, the entry is stored", async () => {
      const res = await app.post('/api/messages', { data: { title: 'Hi <there>', email: 'ada@example.com' } });
      expect(res.status).to.equal(200);
      const { id } = (res.body as { data: { id: number } }).data;
      expect(await app.knex('messages').select('id', 'title', 'email')).to.deep.equal([{ id, title: 'Hi <there>', email: 'ada@example.com' }]);
      expect(smtp.received).to.have.length(2);
      const mail = smtp.received[1];
      expect({ to: mail?.to, subject: mail?.subject, text: mail?.text, html: mail?.html }).to.deep.equal({
        to: 'ada@example.com',
        subject: 'Thanks for "Hi <there>"',
        text: `We got your message "Hi <there>" (#${id}).`,
        html: '<p>We got your message <b>Hi &lt;there&gt;</b>.</p>',
      });
    });
  });
}

describe('a Strapi v4 project whose email provider is a package in its folder', function () {
  this.timeout(60000);
  let appDir: string;
  let app: TestApp | undefined;

  before(() => {
    appDir = copyFixture();
    const provider = path.join(appDir, 'node_modules', '@strapi', 'provider-email-outbox');
    fs.mkdirSync(provider, { recursive: true });
    fs.writeFileSync(path.join(provider, 'package.json'), JSON.stringify({ name: '@strapi/provider-email-outbox', version: '1.0.0', main: 'index.js' }));
    fs.writeFileSync(path.join(provider, 'index.js'), OUTBOX_PROVIDER);
  });
  after(async () => {
    await app?.close();
    if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
  });

  it("loads provider 'outbox' as Strapi does (@strapi/provider-email-outbox) and hands it the settings and each message", async () => {
    const outbox = path.join(appDir, 'outbox.jsonl');
    app = await startApp({ appDir, env: { EMAIL_PROVIDER: 'outbox', EMAIL_OUTBOX_FILE: outbox } });
    const settings = { defaultFrom: 'hello@example.com', defaultReplyTo: 'support@example.com' };
    const read = () =>
      fs
        .readFileSync(outbox, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown);
    expect(read()).to.deep.equal([{ options: { to: 'admin@example.com', subject: 'The site started', text: 'Content types: api::message.message' }, settings }]);
    await app.post('/api/messages', { data: { title: 'Outbox', email: 'grace@example.com' } });
    expect(read()[1]).to.deep.equal({
      options: { to: 'grace@example.com', subject: 'Thanks for "Outbox"', text: 'We got your message "Outbox" (#1).', html: '<p>We got your message <b>Outbox</b>.</p>' },
      settings,
    });
  });

  it('stops start-up naming the package to install when the provider is nowhere', async () => {
    let error: unknown;
    await startApp({ appDir, env: { EMAIL_PROVIDER: 'mailgun' } }).then(
      (started) => started.close(),
      (caught: unknown) => (error = caught),
    );
    expect(error).to.include({
      code: 'email.PROVIDER_NOT_FOUND',
      message:
        'Email provider "mailgun" is not built in (nodemailer, sendmail) and the app has no package "@strapi/provider-email-mailgun" or "mailgun": install it in the app\'s folder (npm install @strapi/provider-email-mailgun)',
    });
  });
});
