/**
 * A `regex` rule in a schema is checked at boot: one that does not compile stops start-up with
 * a BootError naming the file and the attribute, before anything touches the database. One
 * that compiles is applied on writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { BootError, Platform, type ContentTypeSchema } from '@platform/core';
import { startApp } from '../helpers/app';

function postSchema(regex: unknown): ContentTypeSchema {
  return {
    kind: 'collectionType',
    collectionName: 'posts',
    info: { singularName: 'post', pluralName: 'posts', displayName: 'Post' },
    options: { draftAndPublish: false },
    attributes: { code: { type: 'string', regex } } as unknown as ContentTypeSchema['attributes'],
  };
}

/** An app with api/post/content-types/post/schema.json; returns its dir and the schema file. */
function writeApp(dirs: string[], regex: unknown): { appDir: string; file: string } {
  const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-regex-'));
  dirs.push(appDir);
  const file = path.join(appDir, 'api', 'post', 'content-types', 'post', 'schema.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(postSchema(regex), null, 2));
  return { appDir, file };
}

async function bootError(appDir: string): Promise<BootError> {
  const platform = new Platform({
    appDir,
    logLevel: 'silent',
    env: {},
    config: { database: { connection: { client: 'sqlite', connection: { filename: path.join(appDir, 'data.db') } } } },
  });
  try {
    await platform.start();
  } catch (error) {
    expect(error).to.be.instanceOf(BootError);
    return error as BootError;
  } finally {
    await platform.destroy();
  }
  throw new Error('expected start() to fail');
}

describe('schema regex rules', function () {
  this.timeout(30000);
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a regex that does not compile stops start-up, naming the file and the attribute', async () => {
    const { appDir, file } = writeApp(dirs, '([a-z');
    const error = await bootError(appDir);
    expect(error.code).to.equal('SCHEMA_INVALID');
    expect(error.message).to.match(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: attribute "code" has an invalid "regex" "\\(\\[a-z": `));
    expect(fs.existsSync(path.join(appDir, 'data.db'))).to.equal(false);
  });

  it('a regex that is not a string stops start-up', async () => {
    const { appDir, file } = writeApp(dirs, 42);
    const error = await bootError(appDir);
    expect({ code: error.code, message: error.message }).to.deep.equal({ code: 'SCHEMA_INVALID', message: `${file}: attribute "code" has a "regex" that is not a string` });
  });

  it('a valid regex is applied on writes', async () => {
    const { appDir } = writeApp(dirs, '^[A-Z]{3}$');
    const app = await startApp({ client: 'sqlite', appDir });
    try {
      const bad = await app.post('/api/posts', { data: { code: 'abc' } });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.details).to.deep.equal({ errors: [{ path: ['code'], message: 'code must match the following: "/^[A-Z]{3}$/"', name: 'ValidationError' }] });
      const good = await app.post('/api/posts', { data: { code: 'ABC' } });
      expect(good.status).to.equal(200);
      expect(good.body.data.attributes.code).to.equal('ABC');
      expect(await app.knex('posts').select('code')).to.deep.equal([{ code: 'ABC' }]);
    } finally {
      await app.stop();
    }
  });
});
