/**
 * An invalid schema stops start-up with a BootError naming the file and the attribute (or the
 * name) at fault, before anything touches the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert, expect } from 'chai';
import { BootError, Platform, definePlugin, type ContentTypeSchema, type PluginDefinition } from '@platform/core';
import { startApp } from '../helpers/app';

type Attributes = ContentTypeSchema['attributes'];

function contentType(singularName: string, pluralName: string, attributes: Record<string, unknown>): ContentTypeSchema {
  return {
    kind: 'collectionType',
    collectionName: pluralName,
    info: { singularName, pluralName, displayName: singularName },
    options: { draftAndPublish: false },
    attributes: attributes as Attributes,
  };
}

describe('schema validation at boot', function () {
  this.timeout(30000);
  const dirs: string[] = [];
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Writes api/<api>/content-types/<name>/schema.json for each schema; returns the app and the files. */
  function app(schemas: Record<string, ContentTypeSchema>): { appDir: string; file: (api: string) => string } {
    const appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-schema-'));
    dirs.push(appDir);
    const file = (api: string) => path.join(appDir, 'api', api, 'content-types', schemas[api]?.info.singularName ?? api, 'schema.json');
    for (const api of Object.keys(schemas)) {
      fs.mkdirSync(path.dirname(file(api)), { recursive: true });
      fs.writeFileSync(file(api), JSON.stringify(schemas[api], null, 2));
    }
    return { appDir, file };
  }

  async function bootError(appDir: string, plugins: PluginDefinition[] = []): Promise<BootError> {
    const platform = new Platform({
      appDir,
      plugins,
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

  it('rejects an unknown attribute type', async () => {
    const { appDir, file } = app({ post: contentType('post', 'posts', { title: { type: 'strin' } }) });
    const error = await bootError(appDir);
    expect(error.code).to.equal('SCHEMA_INVALID');
    expect(error.message).to.equal(`${file('post')}: attribute "title" has type "strin", which no enabled plugin provides`);
    expect(fs.existsSync(path.join(appDir, 'data.db'))).to.equal(false);
  });

  it('rejects a relation to a content-type that does not exist', async () => {
    const { appDir, file } = app({ post: contentType('post', 'posts', { author: { type: 'relation', relation: 'manyToOne', target: 'api::writer.writer' } }) });
    expect((await bootError(appDir)).message).to.equal(`${file('post')}: attribute "author" targets "api::writer.writer", which is not a known content-type`);
  });

  it('rejects inversedBy/mappedBy that do not point at each other', async () => {
    const { appDir, file } = app({
      post: contentType('post', 'posts', { tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', inversedBy: 'posts' } }),
      tag: contentType('tag', 'tags', { posts: { type: 'relation', relation: 'manyToMany', target: 'api::post.post', mappedBy: 'articles' } }),
    });
    expect((await bootError(appDir)).message).to.equal(`${file('post')}: attribute "tags" is inversedBy "posts" on api::tag.tag, which must be a relation with mappedBy "tags"`);
  });

  it('rejects a mappedBy naming an attribute that does not exist', async () => {
    const { appDir, file } = app({
      post: contentType('post', 'posts', { title: { type: 'string' } }),
      tag: contentType('tag', 'tags', { posts: { type: 'relation', relation: 'oneToMany', target: 'api::post.post', mappedBy: 'tag' } }),
    });
    expect((await bootError(appDir)).message).to.equal(`${file('tag')}: attribute "posts" is mappedBy "tag" on api::post.post, which must be a relation with inversedBy "posts"`);
  });

  it('rejects a plural name already used by another content-type', async () => {
    const { appDir, file } = app({
      blog: contentType('post', 'posts', { title: { type: 'string' } }),
      news: { ...contentType('story', 'posts', { title: { type: 'string' } }), collectionName: 'stories' },
    });
    expect((await bootError(appDir)).message).to.equal(`${file('news')}: name "posts" is already used by ${file('blog')}`);
  });

  it("rejects a singular name used as another content-type's plural", async () => {
    const { appDir, file } = app({
      blog: contentType('post', 'posts', { title: { type: 'string' } }),
      news: { ...contentType('posts', 'postses', { title: { type: 'string' } }), collectionName: 'postses' },
    });
    expect((await bootError(appDir)).message).to.equal(`${file('news')}: name "posts" is already used by ${file('blog')}`);
  });

  for (const reserved of ['id', 'createdAt', 'updatedAt', 'publishedAt', 'locale']) {
    it(`rejects the reserved attribute name "${reserved}"`, async () => {
      const { appDir, file } = app({ post: contentType('post', 'posts', { [reserved]: { type: 'string' } }) });
      expect((await bootError(appDir)).message).to.equal(`${file('post')}: attribute "${reserved}" uses a reserved name`);
    });
  }

  it('rejects a component that does not exist', async () => {
    const { appDir, file } = app({ post: contentType('post', 'posts', { seo: { type: 'component', component: 'shared.seo' } }) });
    expect((await bootError(appDir)).message).to.equal(`${file('post')}: attribute "seo" uses component "shared.seo", which does not exist`);
  });

  it('checks the attributes a plugin adds: an unknown type or target stops start-up', async () => {
    const { appDir, file } = app({ post: contentType('post', 'posts', { title: { type: 'string' } }) });
    const adding = (added: Record<string, unknown>) =>
      definePlugin({
        name: 'adder',
        register(ctx) {
          ctx.hooks.extendSchemas.tap('adder', (schemas) => {
            const post = schemas.contentTypes.get('api::post.post');
            assert.exists(post);
            post.schema = { ...post.schema, attributes: { ...post.schema.attributes, ...(added as Attributes) } };
          });
        },
      });
    const unknownType = await bootError(appDir, [adding({ extra: { type: 'strin' } })]);
    expect({ code: unknownType.code, message: unknownType.message }).to.deep.equal({
      code: 'SCHEMA_INVALID',
      message: `${file('post')}: attribute "extra" has type "strin", which no enabled plugin provides`,
    });
    const unknownTarget = await bootError(appDir, [adding({ owner: { type: 'relation', relation: 'manyToOne', target: 'api::nobody.nobody' } })]);
    expect(unknownTarget.message).to.equal(`${file('post')}: attribute "owner" targets "api::nobody.nobody", which is not a known content-type`);
    expect(fs.existsSync(path.join(appDir, 'data.db'))).to.equal(false);
  });

  it('lets a plugin add an attribute with a reserved name that a schema file may not use', async () => {
    const { appDir } = app({ post: contentType('post', 'posts', { title: { type: 'string' } }) });
    const platform = new Platform({
      appDir,
      logLevel: 'silent',
      env: {},
      config: { database: { connection: { client: 'sqlite', connection: { filename: path.join(appDir, 'data.db') } } } },
      plugins: [
        definePlugin({
          name: 'adder',
          register(ctx) {
            ctx.hooks.extendSchemas.tap('adder', (schemas) => {
              const post = schemas.contentTypes.get('api::post.post');
              assert.exists(post);
              post.schema = { ...post.schema, attributes: { ...post.schema.attributes, locale: { type: 'string' } } };
            });
          },
        }),
      ],
    });
    try {
      await platform.start();
      expect([...platform.contentType('api::post.post').fields.keys()]).to.deep.equal(['title', 'createdAt', 'updatedAt', 'locale']);
    } finally {
      await platform.destroy();
    }
  });

  it('names a schema file that is not valid JSON', async () => {
    const { appDir, file } = app({ post: contentType('post', 'posts', {}) });
    fs.writeFileSync(file('post'), '{ "kind": ');
    const error = await bootError(appDir);
    expect(error.code).to.equal('FILE_INVALID_JSON');
    expect(error.message.startsWith(`${file('post')}: invalid JSON`)).to.equal(true, error.message);
  });

  it('names the file and attribute of a regex that does not compile, or is not a string', async () => {
    const compile = app({ post: contentType('post', 'posts', { code: { type: 'string', regex: '([a-z' } }) });
    const bad = await bootError(compile.appDir);
    expect(bad.code).to.equal('SCHEMA_INVALID');
    expect(bad.message.startsWith(`${compile.file('post')}: attribute "code" has an invalid "regex" "([a-z": `)).to.equal(true);
    expect(fs.existsSync(path.join(compile.appDir, 'data.db'))).to.equal(false);
    const number = app({ post: contentType('post', 'posts', { code: { type: 'string', regex: 42 } }) });
    const notString = await bootError(number.appDir);
    expect({ code: notString.code, message: notString.message }).to.deep.equal({ code: 'SCHEMA_INVALID', message: `${number.file('post')}: attribute "code" has a "regex" that is not a string` });
  });

  it('applies a valid regex on writes', async () => {
    const { appDir } = app({ post: contentType('post', 'posts', { code: { type: 'string', regex: '^[A-Z]{3}$' } }) });
    const running = await startApp({ client: 'sqlite', appDir });
    try {
      const bad = await running.post('/api/posts', { data: { code: 'abc' } });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.details).to.deep.equal({ errors: [{ path: ['code'], message: 'code must match the following: "/^[A-Z]{3}$/"', name: 'ValidationError' }] });
      const good = await running.post('/api/posts', { data: { code: 'ABC' } });
      expect(good.status).to.equal(200);
      expect(await running.knex('posts').select('code')).to.deep.equal([{ code: 'ABC' }]);
    } finally {
      await running.close();
    }
  });
});
