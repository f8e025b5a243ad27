import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError } from '@platform/core';
import { loadProvider } from './load';
import { nodemailerProvider } from './nodemailer';
import { sendmailProvider } from './sendmail';

describe('email: finding a provider by name', () => {
  let appDir: string;
  beforeEach(() => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'email-providers-'));
    fs.writeFileSync(path.join(appDir, 'package.json'), '{"name":"app"}');
  });
  afterEach(() => fs.rmSync(appDir, { recursive: true, force: true }));

  function install(name: string, source: string): void {
    const dir = path.join(appDir, 'node_modules', name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', main: 'index.js' }));
    fs.writeFileSync(path.join(dir, 'index.js'), source);
  }

  function bootError(name: string): { code: string; message: string } {
    try {
      loadProvider(name, appDir);
    } catch (error) {
      expect(error).to.be.instanceOf(BootError);
      return { code: (error as BootError).code, message: (error as BootError).message };
    }
    throw new Error('expected a BootError');
  }

  it('has nodemailer and sendmail built in, whatever their case', () => {
    expect(loadProvider('nodemailer', appDir)).to.deep.equal({ module: nodemailerProvider, from: 'built in' });
    expect(loadProvider('SendMail', appDir).module).to.equal(sendmailProvider);
  });

  it("prefers Strapi's @strapi/provider-email-<name> to a package of the bare name, and takes a full package name as it is", () => {
    install('@strapi/provider-email-outbox', "module.exports = { init: () => ({ send() {} }), which: 'strapi' };");
    install('outbox', "module.exports = { init: () => ({ send() {} }), which: 'bare' };");
    install('@acme/mailer', "exports.default = { init: () => ({ send() {} }), which: 'acme' };");
    expect(loadProvider('outbox', appDir)).to.deep.include({ from: '@strapi/provider-email-outbox' });
    expect((loadProvider('outbox', appDir).module as unknown as { which: string }).which).to.equal('strapi');
    // an ES module's default export
    expect((loadProvider('@acme/mailer', appDir).module as unknown as { which: string }).which).to.equal('acme');
  });

  it('refuses a package without init, or that fails to load, naming it', () => {
    install('strapi-provider-email-broken', 'module.exports = { send() {} };');
    install('strapi-provider-email-throws', "throw new Error('missing API key');");
    expect(bootError('strapi-provider-email-broken')).to.deep.equal({
      code: 'email.PROVIDER_INVALID',
      message: 'Email provider "strapi-provider-email-broken" (strapi-provider-email-broken) exports no init(providerOptions, settings) function',
    });
    expect(bootError('strapi-provider-email-throws')).to.deep.equal({
      code: 'email.PROVIDER_INVALID',
      message: 'Email provider "strapi-provider-email-throws" (strapi-provider-email-throws) failed to load: missing API key',
    });
  });
});
