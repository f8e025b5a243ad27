/**
 * What `platform start` leaves to first use: modules the server needs for some requests only
 * are not loaded before it answers (each costs start-up time and idle memory). Their requests
 * are tested where their features are (test/upload/, test/documentation/, test/graphql/).
 */
import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import { packageFolderOf } from '../../core/src/cli/same-version-packages';
import { modulesLoadedBy } from '../helpers/loaded-modules';

/** `name@version` of each package two or more copies of which were loaded, with their folders */
function copiesOfOneVersion(modules: string[]): Record<string, string[]> {
  const packages = new Map<string, string>();
  for (const file of modules) {
    const found = packageFolderOf(file);
    if (found) packages.set(found.folder, found.name);
  }
  const folders = new Map<string, Set<string>>();
  for (const [folder, name] of packages) {
    const { version } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string };
    const key = `${name}@${version}`;
    folders.set(key, (folders.get(key) ?? new Set()).add(folder));
  }
  return Object.fromEntries([...folders].filter(([, set]) => set.size > 1).map(([key, set]) => [key, [...set]]));
}

const LEFT_TO_FIRST_USE: Record<string, RegExp> = {
  'busboy (multipart uploads)': /[\\/]node_modules[\\/]busboy[\\/]/,
  'koa-send (files of the local provider)': /[\\/]node_modules[\\/]koa-send[\\/]/,
  'the OpenAPI document builder': /[\\/]documentation[\\/](dist[\\/])?src[\\/]openapi[\\/]document\.(ts|js)$/,
  'graphql and graphql-compose': /[\\/]node_modules[\\/]graphql(-compose|-http)?[\\/]/,
  'nodemailer (an app that sends email)': /[\\/]node_modules[\\/]nodemailer[\\/]/,
  'co-body (requests with a body)': /[\\/]node_modules[\\/]co-body[\\/]/,
  'koa-compress (a middleware list with compression)': /[\\/]node_modules[\\/]koa-compress[\\/]/,
  'undici (webhook deliveries)': /[\\/]node_modules[\\/]undici[\\/]/,
  // knex takes lodash a method at a time; the package's one-file build answers those (core/src/cli/lodash-methods.ts)
  "lodash's files of one method each": /[\\/]node_modules[\\/]lodash[\\/](?!lodash(\.min)?\.js$)[^\\/]+\.js$/,
};

describe('platform start before first use', function () {
  this.timeout(120000);

  it('answers REST without loading what only some requests need', async () => {
    const modules = await modulesLoadedBy(async (url) => {
      expect((await fetch(`${url}/api/articles`)).status).to.equal(200);
    });
    const loaded = Object.entries(LEFT_TO_FIRST_USE)
      .filter(([, pattern]) => modules.some((file) => pattern.test(file)))
      .map(([name]) => name);
    expect(loaded).to.deep.equal([]);
    // koa and its type-is each had a copy of mime-types 3 (core/src/cli/same-version-packages.ts)
    expect(copiesOfOneVersion(modules)).to.deep.equal({});
  });
});
