/**
 * An app that reads multipart everywhere (`strapi::body` with `multipart: true`, as Strapi v4's
 * default body configuration does), on every database: the upload route takes the files the
 * global parser wrote, applies the same limits, and removes those files when it is done.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DEFAULT_MIDDLEWARE_LIST } from '@platform/core';
import { describeUploads, listFiles, png, send, upload } from './helpers';

/** the global body parser's folder (made by the first run, removed after each run's tests). */
const parserDir = path.join(os.tmpdir(), `platform-upload-global-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);

describeUploads(
  'upload: with multipart parsed by the global body parser',
  (ctx) => {
    // The app boots in the helper's `before`; the folder is needed only by requests.
    before(() => fs.mkdirSync(parserDir, { recursive: true }));
    after(() => fs.rmSync(parserDir, { recursive: true, force: true }));

    it('uploads, links and describes as without it, and leaves no parser file behind', async () => {
      const res = await upload(ctx.app, [{ name: 'global.png', type: 'image/png', data: await png(400, 300) }], { fileInfo: JSON.stringify({ caption: 'parsed globally' }) });
      expect(res.status).to.equal(200);
      expect(res.body[0]).to.include({ name: 'global.png', caption: 'parsed globally', width: 400, height: 300 });
      expect(Object.keys(res.body[0].formats)).to.deep.equal(['thumbnail']);
      expect(listFiles(ctx.dir.uploads)).to.have.length(2);
      expect(listFiles(parserDir)).to.deep.equal([]);
    });

    it('a file over sizeLimit is a 413 with nothing stored', async () => {
      const before = listFiles(ctx.dir.uploads);
      const res = await upload(ctx.app, [{ name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(300_000, 1) }]);
      expect({ status: res.status, name: res.body.error.name }).to.deep.equal({ status: 413, name: 'PayloadTooLargeError' });
      expect(listFiles(ctx.dir.uploads)).to.deep.equal(before);
      expect(listFiles(parserDir)).to.deep.equal([]);
    });

    it('a GraphQL multipart request takes the parts the global parser read, in the same order and bounds', async () => {
      const mutation = (query: string, withFile = true) => {
        const body = new FormData();
        body.append('operations', JSON.stringify({ query, variables: { file: null } }));
        body.append('map', JSON.stringify({ 0: ['variables.file'] }));
        if (withFile) body.append('0', new Blob([Buffer.from('hello')], { type: 'text/plain' }), 'hello.txt');
        return send(ctx.app, 'POST', '/graphql', body);
      };
      const res = await mutation('mutation ($file: Upload!) { upload(file: $file) { data { attributes { name mime size } } } }');
      expect(res.body).to.deep.equal({ data: { upload: { data: { attributes: { name: 'hello.txt', mime: 'text/plain', size: 0.01 } } } } });
      expect(listFiles(parserDir)).to.deep.equal([]);
      const query = await mutation('{ uploadFiles { data { id } } }');
      expect({ status: query.status, message: query.body.errors[0].message }).to.deep.equal({ status: 400, message: 'A multipart request can only run a mutation.' });
      const missing = await mutation('mutation ($file: Upload!) { upload(file: $file) { data { id } } }', false);
      expect({ status: missing.status, message: missing.body.errors[0].message }).to.deep.equal({ status: 400, message: 'File missing in the request.' });
      expect(listFiles(parserDir)).to.deep.equal([]);
    });
  },
  {
    middlewares: DEFAULT_MIDDLEWARE_LIST.map((name) => (name === 'strapi::body' ? { name, config: { multipart: true, formidable: { uploadDir: parserDir } } } : name)),
    config: { plugins: { upload: { config: { sizeLimit: 200_000 } } } },
  },
);
