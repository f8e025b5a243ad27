import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { readStrapiPackages } from './strapi-packages';

describe("strapi-compat: a Strapi project's package.json", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strapi-packages-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (dependencies: Record<string, string>) => fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', dependencies }));

  it('maps the Strapi plugins the platform serves, says which are not enabled, and lists the unknown ones', () => {
    write({ '@strapi/strapi': '4.26.2', '@strapi/plugin-graphql': '4.26.2', '@strapi/plugin-i18n': '4.26.2', '@strapi/plugin-seo': '1.9.8', 'strapi-plugin-populate-deep': '1', pg: '8' });
    expect(readStrapiPackages(dir, (name) => name !== 'graphql')).to.deep.equal({
      isStrapiProject: true,
      mapped: [
        '@strapi/strapi -> the platform itself (require("@strapi/strapi") resolves to the strapi-compat plugin)',
        '@strapi/plugin-graphql -> graphql (not enabled)',
        '@strapi/plugin-i18n -> i18n',
      ],
      unknown: ['@strapi/plugin-seo', 'strapi-plugin-populate-deep'],
    });
  });

  it('maps the email plugin and its providers (built in, or packages of the app) to the email plugin', () => {
    write({
      '@strapi/strapi': '4.26.2',
      '@strapi/plugin-email': '4.26.2',
      '@strapi/provider-email-nodemailer': '4.26.2',
      '@strapi/provider-email-sendmail': '4.26.2',
      '@strapi/provider-email-mailgun': '4.26.2',
    });
    expect(readStrapiPackages(dir, () => true)).to.deep.equal({
      isStrapiProject: true,
      mapped: [
        '@strapi/strapi -> the platform itself (require("@strapi/strapi") resolves to the strapi-compat plugin)',
        '@strapi/plugin-email -> email',
        '@strapi/provider-email-nodemailer -> email (its built-in nodemailer provider)',
        '@strapi/provider-email-sendmail -> email (its built-in sendmail provider)',
        "@strapi/provider-email-mailgun -> email (a provider package of the app's folder)",
      ],
      unknown: [],
    });
  });

  it('says nothing for an app that names no Strapi package, or has no package.json', () => {
    expect(readStrapiPackages(dir, () => true)).to.deep.equal({ isStrapiProject: false, mapped: [], unknown: [] });
    write({ '@platform/core': '0.1.0', 'strapi-plugin-x': '1' });
    expect(readStrapiPackages(dir, () => true)).to.deep.equal({ isStrapiProject: false, mapped: [], unknown: [] });
  });
});
