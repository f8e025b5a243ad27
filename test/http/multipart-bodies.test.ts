/**
 * `strapi::body` with `multipart: true`: fields and files of a multipart/form-data body reach
 * the route as koa-body gave them to Strapi v4 (`ctx.request.body`, `ctx.request.files`, a
 * repeated field as a list), the bounds Strapi apps set as formidable's options apply
 * (`maxFileSize`, `maxFiles`, `maxFields`, `allowEmptyFiles`), and with multipart off such a
 * body is not read. `includeUnparsed` keeps the raw JSON text.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { DEFAULT_MIDDLEWARE_LIST, definePlugin, type UploadedFile } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';

const describeFile = (file: UploadedFile) => ({
  name: file.originalFilename,
  type: file.mimetype,
  size: file.size,
  content: fs.readFileSync(file.filepath, 'utf8'),
});

const echo = definePlugin({
  name: 'echo',
  routes: [
    {
      method: 'POST',
      path: '/body',
      config: { auth: false },
      handler: (ctx) => {
        const files = Object.entries(ctx.request.files ?? {}).map(([field, value]) => [field, Array.isArray(value) ? value.map(describeFile) : describeFile(value)]);
        const raw = (ctx.request.body as Record<symbol, unknown> | undefined)?.[Symbol.for('unparsedBody')];
        return { body: ctx.request.body ?? null, files: Object.fromEntries(files), raw: raw ?? null };
      },
    },
    {
      // keeps the first file it was sent by moving it out of the temporary folder
      method: 'POST',
      path: '/keep',
      config: { auth: false },
      handler: (ctx) => {
        const sent = Object.values(ctx.request.files ?? {}).flat();
        const target = String(ctx.query.to);
        if (sent[0]) fs.renameSync(sent[0].filepath, target);
        return { kept: sent.length > 0 };
      },
    },
  ],
});

function withBody(config: Record<string, unknown>): unknown[] {
  return DEFAULT_MIDDLEWARE_LIST.map((entry) => (entry === 'strapi::body' ? { name: 'strapi::body', config } : entry));
}

function form(): FormData {
  const data = new FormData();
  data.append('fileInfo', JSON.stringify({ caption: 'a cat' }));
  data.append('tags', 'one');
  data.append('tags', 'two');
  data.append('files', new Blob(['first file'], { type: 'text/plain' }), 'a.txt');
  data.append('files', new Blob(['second'], { type: 'text/plain' }), 'b.txt');
  data.append('cover', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'cover.svg');
  return data;
}

describe('multipart request bodies', function () {
  this.timeout(60000);
  const apps: TestApp[] = [];
  after(async () => {
    for (const app of apps) await app.close();
  });
  const boot = async (config: Record<string, unknown>) => {
    const app = await startApp({ plugins: [echo], middlewares: withBody(config) });
    apps.push(app);
    return app;
  };

  it('reads fields and files with multipart on, as koa-body shapes them', async () => {
    const app = await boot({ multipart: true });
    const res = await fetch(`${app.url}/api/echo/body`, { method: 'POST', body: form() });
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({
      body: { fileInfo: '{"caption":"a cat"}', tags: ['one', 'two'] },
      files: {
        files: [
          { name: 'a.txt', type: 'text/plain', size: 10, content: 'first file' },
          { name: 'b.txt', type: 'text/plain', size: 6, content: 'second' },
        ],
        cover: { name: 'cover.svg', type: 'image/svg+xml', size: 6, content: '<svg/>' },
      },
      raw: null,
    });
  });

  it("applies formidable's options: a file over maxFileSize is a 413 envelope", async () => {
    const app = await boot({ multipart: true, formidable: { maxFileSize: 8 } });
    const res = await fetch(`${app.url}/api/echo/body`, { method: 'POST', body: form() });
    const body = (await res.json()) as { data: null; error: { status: number; name: string } };
    expect({ status: res.status, data: body.data, name: body.error.name }).to.deep.equal({ status: 413, data: null, name: 'PayloadTooLargeError' });
  });

  it("applies formidable's bounds and defaults: too many files or fields is a 413, an empty file a 400, a body cut short a 400", async () => {
    const tooLarge = { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'Entity too large', details: {} } };
    const send = async (app: TestApp, body: FormData | string, type?: string) => {
      const res = await fetch(`${app.url}/api/echo/body`, { method: 'POST', body, headers: type ? { 'content-type': type } : {} });
      return { status: res.status, body: (await res.json()) as { error: { name: string }; files: unknown } };
    };
    const bounded = await boot({ multipart: true, formidable: { maxFiles: 2, maxFields: 2 } });
    expect(await send(bounded, form())).to.deep.equal({ status: 413, body: tooLarge });
    const fields = new FormData();
    for (const name of ['a', 'b', 'c']) fields.append(name, 'x');
    expect(await send(bounded, fields)).to.deep.equal({ status: 413, body: tooLarge });
    const empty = new FormData();
    empty.append('files', new Blob([]), 'empty.txt');
    const byDefault = await boot({ multipart: true });
    expect(await send(byDefault, empty)).to.deep.equal({
      status: 400,
      body: { data: null, error: { status: 400, name: 'BadRequestError', message: 'options.allowEmptyFiles is false, file size should be greater than 0', details: {} } },
    });
    const cut = await send(byDefault, '--b\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nabc', 'multipart/form-data; boundary=b');
    expect({ status: cut.status, name: cut.body.error.name }).to.deep.equal({ status: 400, name: 'BadRequestError' });
    const allowed = await boot({ multipart: true, formidable: { allowEmptyFiles: true, minFileSize: 0 } });
    expect((await send(allowed, empty)).body.files).to.deep.equal({ files: { name: 'empty.txt', type: 'application/octet-stream', size: 0, content: '' } });
  });

  describe('the temporary files', () => {
    let uploadDir: string;
    beforeEach(() => {
      uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-body-test-'));
    });
    afterEach(() => fs.rmSync(uploadDir, { recursive: true, force: true }));

    it('are removed once the route has answered', async () => {
      const app = await boot({ multipart: true, formidable: { uploadDir } });
      const res = await fetch(`${app.url}/api/echo/body`, { method: 'POST', body: form() });
      expect(res.status).to.equal(200);
      expect(fs.readdirSync(uploadDir)).to.deep.equal([]);
    });

    it('are removed before the answer when the body fails half-way (413)', async () => {
      const app = await boot({ multipart: true, formidable: { uploadDir, maxFileSize: 8 } });
      const res = await fetch(`${app.url}/api/echo/body`, { method: 'POST', body: form() });
      expect(res.status).to.equal(413);
      // the parts after the one that failed are begun by no one: nothing is left when the answer comes
      expect(fs.readdirSync(uploadDir)).to.deep.equal([]);
    });

    it('are removed when the route takes no files at all (404)', async () => {
      const app = await boot({ multipart: true, formidable: { uploadDir } });
      const res = await fetch(`${app.url}/api/echo/nothing-here`, { method: 'POST', body: form() });
      expect(res.status).to.equal(404);
      expect(fs.readdirSync(uploadDir)).to.deep.equal([]);
    });

    it('a file the route moved away stays where it put it', async () => {
      const app = await boot({ multipart: true, formidable: { uploadDir } });
      const target = path.join(uploadDir, '..', `${path.basename(uploadDir)}-kept.txt`);
      try {
        const res = await fetch(`${app.url}/api/echo/keep?to=${encodeURIComponent(target)}`, { method: 'POST', body: form() });
        expect({ status: res.status, body: await res.json() }).to.deep.equal({ status: 200, body: { kept: true } });
        expect(fs.readFileSync(target, 'utf8')).to.equal('first file');
        expect(fs.readdirSync(uploadDir)).to.deep.equal([]);
      } finally {
        fs.rmSync(target, { force: true });
      }
    });
  });

  it('leaves a multipart body unread with multipart off (the default)', async () => {
    const app = await boot({});
    const res = await fetch(`${app.url}/api/echo/body`, { method: 'POST', body: form() });
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ body: null, files: {}, raw: null });
  });

  it('keeps the raw JSON text with includeUnparsed', async () => {
    const app = await boot({ includeUnparsed: true });
    const text = '{ "data": { "name": "spaced" } }';
    const res = await fetch(`${app.url}/api/echo/body`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' } });
    expect(await res.json()).to.deep.equal({ body: { data: { name: 'spaced' } }, files: {}, raw: text });
  });
});
