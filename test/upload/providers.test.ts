/**
 * Storage providers in Strapi v4's shape, on every database: one loaded from a path in the
 * app folder (`upload.config.provider: './providers/cdn'`), one installed as a
 * `strapi-provider-upload-<name>` package, each with `providerOptions`. Neither has
 * `uploadStream`, so each gets a buffer, as Strapi v4 hands it; the urls and
 * `provider_metadata` they set are what the records answer, and delete goes through them. A
 * provider that fails part-way leaves none of the objects it stored.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { describeUploads, listFiles, png, send, upload } from './helpers';

/** A provider as Strapi v4 provider packages are written (CommonJS, `init(options)`). */
const PROVIDER_SOURCE = `
const fs = require('node:fs');
const path = require('node:path');
module.exports = {
  init(options) {
    fs.mkdirSync(options.root, { recursive: true });
    return {
      upload(file) {
        if (!Buffer.isBuffer(file.buffer)) return Promise.reject(new Error('Missing file buffer'));
        if (options.failOn && file.hash.startsWith(options.failOn)) return Promise.reject(new Error('bucket unavailable'));
        fs.writeFileSync(path.join(options.root, file.hash + file.ext), file.buffer);
        file.url = options.baseUrl + '/' + file.hash + file.ext;
        file.provider_metadata = { bucket: options.bucket };
        return Promise.resolve();
      },
      delete(file) {
        fs.rmSync(path.join(options.root, file.hash + file.ext), { force: true });
        return Promise.resolve();
      },
    };
  },
};
`;

for (const [title, provider, files] of [
  ['a provider from a path in the app folder', './providers/cdn', { 'providers/cdn/index.js': PROVIDER_SOURCE }],
  [
    'a strapi-provider-upload-<name> package',
    'fakecdn',
    {
      'node_modules/strapi-provider-upload-fakecdn/package.json': JSON.stringify({ name: 'strapi-provider-upload-fakecdn', version: '1.0.0', main: 'lib/index.js' }),
      'node_modules/strapi-provider-upload-fakecdn/lib/index.js': PROVIDER_SOURCE,
    },
  ],
] as const) {
  // The provider makes its folder when it starts; each run removes it after its tests.
  const root = path.join(os.tmpdir(), `platform-upload-bucket-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  describeUploads(
    `upload: ${title}`,
    (ctx) => {
      after(() => fs.rmSync(root, { recursive: true, force: true }));

      it('stores the original and its formats with the provider; records carry its urls and metadata', async () => {
        const res = await upload(ctx.app, [{ name: 'cdn.png', type: 'image/png', data: await png(600, 400) }]);
        expect(res.status).to.equal(200);
        const [file] = res.body;
        expect(file).to.include({ url: `https://cdn.example.com/${file.hash}.png`, provider: provider });
        expect(file.provider_metadata).to.deep.equal({ bucket: 'media' });
        expect(Object.keys(file.formats)).to.deep.equal(['thumbnail', 'small']);
        for (const key of ['thumbnail', 'small']) {
          expect(file.formats[key]).to.include({ url: `https://cdn.example.com/${key}_${file.hash}.png` });
          expect(file.formats[key].provider_metadata).to.deep.equal({ bucket: 'media' });
        }
        expect(listFiles(root)).to.deep.equal([`${file.hash}.png`, `small_${file.hash}.png`, `thumbnail_${file.hash}.png`]);
        expect(listFiles(ctx.dir.uploads)).to.deep.equal([]);
        const row = await ctx.app.knex('files').where('id', file.id).first('provider');
        expect(row.provider).to.equal(provider);

        expect((await send(ctx.app, 'DELETE', `/api/upload/files/${file.id}`)).status).to.equal(200);
        expect(listFiles(root)).to.deep.equal([]);
      });

      it('a provider failing part-way: the error envelope, no row, and the objects it stored deleted', async () => {
        const res = await upload(
          ctx.app,
          [
            { name: 'fine.png', type: 'image/png', data: await png(600, 400) },
            { name: 'fails.png', type: 'image/png', data: await png(600, 400) },
          ],
          {
            fileInfo: [JSON.stringify({}), JSON.stringify({ name: 'broken-bucket.png' })],
          },
        );
        expect({ status: res.status, body: res.body }).to.deep.equal({ status: 500, body: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } } });
        expect(listFiles(root)).to.deep.equal([]);
        expect(await ctx.app.knex('files').select('id')).to.deep.equal([]);
      });
    },
    {
      files,
      config: { plugins: { upload: { config: { provider, providerOptions: { root, baseUrl: 'https://cdn.example.com', bucket: 'media', failOn: 'small_broken_bucket' } } } } },
    },
  );
}

/** A private provider: its files are answered with signed urls wherever they are read. */
const PRIVATE_PROVIDER = {
  name: 'vault',
  init(options: Record<string, unknown>) {
    const stored = options.stored as Map<string, Buffer>;
    return {
      async upload(file: { hash: string; ext: string; buffer?: Buffer; url?: string }) {
        if (!file.buffer) throw new Error('upload() without a buffer');
        stored.set(file.hash + file.ext, file.buffer);
        file.url = `https://vault.example.com/${file.hash}${file.ext}`;
      },
      async delete(file: { hash: string; ext: string }) {
        stored.delete(file.hash + file.ext);
      },
      isPrivate: () => true,
      async getSignedUrl(file: { url: string }) {
        return { url: `${file.url}?signature=s3cr3t` };
      },
    };
  },
};

const vault = new Map<string, Buffer>();
describeUploads(
  'upload: a private provider given as a module',
  (ctx) => {
    it('answers signed urls on the upload routes and in populated media; rows keep the plain urls', async () => {
      const [file] = (await upload(ctx.app, [{ name: 'secret.png', type: 'image/png', data: await png(300, 200) }])).body;
      const plain = `https://vault.example.com/${file.hash}.png`;
      expect(file).to.include({ url: `${plain}?signature=s3cr3t`, provider: 'vault' });
      expect(file.formats.thumbnail.url).to.equal(`https://vault.example.com/thumbnail_${file.hash}.png?signature=s3cr3t`);
      expect([...vault.keys()].sort()).to.deep.equal([`${file.hash}.png`, `thumbnail_${file.hash}.png`]);
      expect((await send(ctx.app, 'GET', `/api/upload/files/${file.id}`)).body.url).to.equal(`${plain}?signature=s3cr3t`);
      expect((await send(ctx.app, 'GET', '/api/upload/files')).body.map((f: { url: string }) => f.url)).to.deep.equal([`${plain}?signature=s3cr3t`]);
      const article = await ctx.app.post('/api/articles', { data: { title: 'private cover', cover: file.id } });
      const read = await ctx.app.get(`/api/articles/${article.body.data.id}?populate[cover][fields][0]=url&populate[cover][fields][1]=formats`);
      expect(read.body.data.attributes.cover.data.attributes.url).to.equal(`${plain}?signature=s3cr3t`);
      expect(read.body.data.attributes.cover.data.attributes.formats.thumbnail.url).to.equal(`https://vault.example.com/thumbnail_${file.hash}.png?signature=s3cr3t`);
      const row = await ctx.app.knex('files').where('id', file.id).first('url');
      expect(row.url).to.equal(plain);
      const deleted = await send(ctx.app, 'DELETE', `/api/upload/files/${file.id}`);
      expect(deleted.body.url).to.equal(`${plain}?signature=s3cr3t`);
      expect([...vault.keys()]).to.deep.equal([]);
    });
  },
  { config: { plugins: { upload: { config: { provider: PRIVATE_PROVIDER, providerOptions: { stored: vault } } } } } },
);
