/**
 * Bad uploads on every database: each is answered with the error envelope and leaves nothing
 * behind (no row, no object in public/uploads, no temporary folder). Files over the size
 * limit are refused while they stream in; an image declaring more pixels than allowed is
 * refused from its header, fast; content that is not what its type says, broken images,
 * hostile names, malformed fields, and a database write that fails after the objects were
 * stored (they are deleted again).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { definePlugin, ValidationError } from '@platform/core';
import type { WriteContext } from '@platform/query-engine';
import { describeUploads, form, jpeg, listFiles, png, send, upload } from './helpers';

const SIZE_LIMIT = 200_000;

const envelope = (status: number, name: string, message: string, details: Record<string, unknown> = {}) => ({ data: null, error: { status, name, message, details } });

/** A valid PNG whose header declares another size: Strapi v4 stalls decoding such files. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const real = await png(4, 4);
  const ihdr = Buffer.from(real.subarray(12, 29));
  ihdr.writeUInt32BE(width, 4);
  ihdr.writeUInt32BE(height, 8);
  const patched = Buffer.from(real);
  ihdr.copy(patched, 12);
  patched.writeUInt32BE(zlib.crc32(ihdr) >>> 0, 29);
  return patched;
}

/** `data` (a PNG) with the CRC of its first `chunk` chunk flipped. */
function withWrongCrc(data: Buffer, chunk: string): Buffer {
  const copy = Buffer.from(data);
  for (let offset = 8; offset < copy.length; ) {
    const length = copy.readUInt32BE(offset);
    if (copy.toString('latin1', offset + 4, offset + 8) === chunk) {
      copy.writeUInt32BE(~copy.readUInt32BE(offset + 8 + length) >>> 0, offset + 8 + length);
      return copy;
    }
    offset += 12 + length;
  }
  throw new Error(`no ${chunk} chunk`);
}

/** Refuses to create a file record named `fail.png`: a database write that fails after the objects were stored. */
const faultPlugin = definePlugin({
  name: 'upload-fault',
  requires: ['query-engine'],
  register(ctx) {
    ctx.service('plugin::query-engine.hooks').beforeCreate.tapPromise('upload-fault', async ({ model, data }: WriteContext) => {
      if (model.uid === 'plugin::upload.file' && data.name === 'fail.png') throw new ValidationError('refused by the test hook');
    });
  },
});

describeUploads(
  'upload: bad input leaves nothing behind',
  (ctx) => {
    // the server runs in this process: its requests' temporary folders land in a folder of this
    // test's own, which must be empty once each answer has arrived
    let tmp = '';
    let previousTmp: string | undefined;
    before(() => {
      previousTmp = process.env.TMPDIR;
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-upload-bad-tmp-'));
      process.env.TMPDIR = tmp;
    });
    after(() => {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    async function expectNothingStored(): Promise<void> {
      expect(await ctx.app.knex('files').select('id')).to.deep.equal([]);
      expect(await ctx.app.knex('files_folder_links').select('id')).to.deep.equal([]);
      expect(listFiles(ctx.dir.uploads)).to.deep.equal([]);
      expect(listFiles(tmp), 'temporary files left behind').to.deep.equal([]);
    }

    it('an upload without a file, or with an empty one, is a 400 "Files are empty"', async () => {
      const cases = [
        await send(ctx.app, 'POST', '/api/upload', form([], { fileInfo: '{}' })),
        await send(ctx.app, 'POST', '/api/upload', JSON.stringify({}), { 'content-type': 'application/json' }),
        await send(ctx.app, 'POST', '/api/upload'),
        await upload(ctx.app, [{ name: 'empty.png', type: 'image/png', data: Buffer.alloc(0) }]),
        await upload(ctx.app, [
          { name: 'a.png', type: 'image/png', data: await png(10, 10) },
          { name: 'empty.txt', type: 'text/plain', data: '' },
        ]),
      ];
      for (const res of cases) expect({ status: res.status, body: res.body }).to.deep.equal({ status: 400, body: envelope(400, 'ValidationError', 'Files are empty') });
      await expectNothingStored();
    });

    it('a file over sizeLimit is a 413 while it streams in', async () => {
      const res = await upload(ctx.app, [{ name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(5 * 1024 * 1024, 7) }]);
      expect({ status: res.status, body: res.body }).to.deep.equal({
        status: 413,
        body: envelope(413, 'PayloadTooLargeError', 'A file exceeds the size limit of 195.3 KB', { sizeLimit: SIZE_LIMIT }),
      });
      const second = await upload(ctx.app, [
        { name: 'ok.txt', type: 'text/plain', data: 'fine' },
        { name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(SIZE_LIMIT + 1, 1) },
      ]);
      expect(second.status).to.equal(413);
      await expectNothingStored();
    });

    it('an image declaring more pixels than maxPixels is a 413 from its header, fast', async () => {
      const bomb = await pngDeclaring(12000, 12000);
      expect(bomb.length).to.be.below(200);
      const started = Date.now();
      const res = await upload(ctx.app, [{ name: 'bomb.png', type: 'image/png', data: bomb }]);
      expect(Date.now() - started).to.be.below(1000);
      expect({ status: res.status, body: res.body }).to.deep.equal({
        status: 413,
        body: envelope(413, 'PayloadTooLargeError', 'The image is 12000×12000 pixels, more than the 64000000 pixels accepted', { width: 12000, height: 12000, maxPixels: 64000000 }),
      });
      await expectNothingStored();
    });

    it('content that is not what its type says, and broken images, are 400s', async () => {
      const real = await png(200, 200);
      const cases: Array<[{ name: string; type: string; data: Buffer | string }, ReturnType<typeof envelope>]> = [
        [{ name: 'fake.png', type: 'image/png', data: '<html><script>alert(1)</script></html>' }, envelope(400, 'ApplicationError', 'File is not a valid image')],
        [
          { name: 'cut.png', type: 'image/png', data: real.subarray(0, Math.floor(real.length / 2)) },
          envelope(400, 'ApplicationError', 'File is not a valid image: the file ends inside its IDAT chunk'),
        ],
        [{ name: 'photo.png', type: 'image/png', data: await jpeg(20, 20) }, envelope(400, 'ValidationError', 'The file content is jpeg data, not image/png', { mime: 'image/png', content: 'jpeg' })],
        [{ name: 'doc.gif', type: 'image/gif', data: real }, envelope(400, 'ValidationError', 'The file content is png data, not image/gif', { mime: 'image/gif', content: 'png' })],
      ];
      for (const [file, body] of cases) {
        const res = await upload(ctx.app, [{ name: 'good.png', type: 'image/png', data: await png(300, 300) }, file]);
        expect({ status: res.status, body: res.body }, file.name).to.deep.equal({ status: 400, body });
      }
      await expectNothingStored();
    });

    it('a PNG whose chunk does not match its CRC is a 400 naming the chunk, whichever chunk it is', async () => {
      const real = await png(300, 200);
      for (const chunk of ['IHDR', 'IDAT', 'IEND']) {
        const res = await upload(ctx.app, [{ name: `crc-${chunk}.png`, type: 'image/png', data: withWrongCrc(real, chunk) }]);
        expect({ status: res.status, body: res.body }, chunk).to.deep.equal({
          status: 400,
          body: envelope(400, 'ApplicationError', `File is not a valid image: the CRC of its ${chunk} chunk is wrong`),
        });
      }
      // the same file with its CRCs right is stored
      const good = await upload(ctx.app, [{ name: 'crc-ok.png', type: 'image/png', data: real }]);
      expect(good.status).to.equal(200);
      await ctx.app.del(`/api/upload/files/${good.body[0].id}`);
      await expectNothingStored();
    });

    it('a NUL character in a field or in the texts of fileInfo is a 400 (a name is cleaned of it, below)', async () => {
      const file = { name: 'a.txt', type: 'text/plain', data: 'a' };
      const fileInfoError = (message: string) => envelope(400, 'ValidationError', message, { errors: [{ path: ['fileInfo'], message, name: 'ValidationError' }] });
      const cases: Array<[Record<string, string>, ReturnType<typeof envelope>]> = [
        [{ fileInfo: JSON.stringify({ alternativeText: 'a\u0000b' }) }, fileInfoError('fileInfo.alternativeText must not contain a NUL character')],
        [{ fileInfo: JSON.stringify({ caption: 'x\u0000' }) }, fileInfoError('fileInfo.caption must not contain a NUL character')],
        // a NUL byte in the part itself
        [{ fileInfo: '{"caption":"x\u0000"}' }, envelope(400, 'ValidationError', 'The field "fileInfo" contains a NUL character')],
        [{ ref: 'api::article.article\u0000', refId: '1', field: 'cover' }, envelope(400, 'ValidationError', 'The field "ref" contains a NUL character')],
      ];
      for (const [fields, body] of cases) {
        const res = await upload(ctx.app, [file], fields);
        expect({ status: res.status, body: res.body }, JSON.stringify(fields)).to.deep.equal({ status: 400, body });
      }
      await expectNothingStored();
    });

    it('malformed fields are 400s: fileInfo, ref/refId/field, too many files', async () => {
      const file = { name: 'a.txt', type: 'text/plain', data: 'a' };
      const fileInfoError = (message: string) => envelope(400, 'ValidationError', message, { errors: [{ path: ['fileInfo'], message, name: 'ValidationError' }] });
      const cases: Array<[Record<string, string>, ReturnType<typeof envelope>]> = [
        [{ fileInfo: '{not json' }, fileInfoError('fileInfo must be a JSON object')],
        [{ fileInfo: '"a string"' }, fileInfoError('fileInfo must be a JSON object')],
        [{ fileInfo: JSON.stringify({ name: 'x', folder: 3 }) }, fileInfoError('fileInfo field has unspecified keys: folder')],
        [{ fileInfo: JSON.stringify({ caption: 42 }) }, fileInfoError('fileInfo.caption must be a `string` type')],
        [{ fileInfo: JSON.stringify({ name: 'x'.repeat(256) }) }, fileInfoError('fileInfo.name must be at most 255 characters')],
        [{ ref: 'api::article.article', refId: '1' }, envelope(400, 'ValidationError', 'ref, refId and field are sent together, as strings, to link the files to an entry')],
        [{ ref: 'api::article.article', refId: '0', field: 'cover' }, envelope(400, 'ValidationError', 'refId must be a positive integer')],
      ];
      for (const [fields, body] of cases) {
        const res = await upload(ctx.app, [file], fields);
        expect({ status: res.status, body: res.body }, JSON.stringify(fields)).to.deep.equal({ status: 400, body });
      }
      const many = await upload(ctx.app, [file, file, file, file]);
      expect({ status: many.status, body: many.body }).to.deep.equal({ status: 400, body: envelope(400, 'ValidationError', 'At most 3 files can be uploaded at once') });
      await expectNothingStored();
    });

    it('multipart is read on the upload route only', async () => {
      const body = form([{ name: 'a.txt', type: 'text/plain', data: 'a' }], { data: JSON.stringify({ title: 'x' }) });
      const res = await send(ctx.app, 'POST', '/api/articles', body);
      expect({ status: res.status, body: res.body }).to.deep.equal({ status: 400, body: envelope(400, 'ValidationError', 'Missing "data" payload in the request body') });
      await expectNothingStored();
    });

    it('a failed database write deletes the objects it stored', async () => {
      const res = await upload(ctx.app, [
        { name: 'first.png', type: 'image/png', data: await png(700, 500) },
        { name: 'fail.png', type: 'image/png', data: await png(700, 500) },
      ]);
      expect({ status: res.status, body: res.body }).to.deep.equal({ status: 400, body: envelope(400, 'ValidationError', 'refused by the test hook') });
      await expectNothingStored();
      // The folder is made before the upload, as Strapi makes it, and stays.
      expect((await ctx.app.knex('upload_folders').select('name')).map((f) => f.name)).to.deep.equal(['API Uploads']);
    });

    it('names are data: separators, "..", NUL and control characters never reach a path', async () => {
      const res = await upload(
        ctx.app,
        [
          { name: '..\\..\\windows.txt', type: 'text/plain', data: 'w' },
          { name: 'plain.txt', type: 'text/plain', data: 'p' },
        ],
        { fileInfo: [JSON.stringify({}), JSON.stringify({ name: '../../../etc/pass\u0000wd\u0007.txt' })] },
      );
      expect(res.status).to.equal(200);
      const [windows, plain] = res.body;
      // The multipart reader keeps the last segment of a part's file name, whatever the separator.
      expect(windows.name).to.equal('windows.txt');
      expect(windows.hash).to.match(/^windows_[0-9a-f]{10}$/);
      expect(plain.name).to.equal('../../../etc/passwd.txt');
      expect(plain.hash).to.match(/^passwd_[0-9a-f]{10}$/);
      expect(listFiles(ctx.dir.uploads)).to.deep.equal([`${plain.hash}.txt`, `${windows.hash}.txt`].sort());
      expect(listFiles(ctx.dir.dir)).to.deep.equal(['api', 'components', 'config', 'public']);
      expect(listFiles(path.join(ctx.dir.dir, 'public'))).to.deep.equal(['uploads']);
      for (const file of res.body) expect((await send(ctx.app, 'DELETE', `/api/upload/files/${file.id}`)).status).to.equal(200);
      await ctx.app.knex('upload_folders').delete();
      await ctx.app.knex('strapi_core_store_settings').where('key', 'plugin_upload_api-folder').delete();
      await expectNothingStored();
    });
  },
  { config: { plugins: { upload: { config: { sizeLimit: SIZE_LIMIT, maxFiles: 3 } } } }, plugins: [faultPlugin] },
);
