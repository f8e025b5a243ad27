/**
 * The upload content API on every database, with real files: what `POST /api/upload` answers
 * for a PNG, a JPEG and a text file (Strapi v4's record, formats made only when the original
 * is larger), what is on disk (each object, its dimensions and size) and in the database
 * (`files`, the "API Uploads" folder and its link), the list and the record routes, describing
 * and replacing a file with `?id`, deleting it, and the files served at `/uploads`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { describeUploads, dimensions, ISO, jpeg, listFiles, png, send, upload } from './helpers';

const RECORD_KEYS = [
  'id',
  'name',
  'alternativeText',
  'caption',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'url',
  'previewUrl',
  'provider',
  'provider_metadata',
  'createdAt',
  'updatedAt',
];
const kb = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;
const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'file.notFound', details: {} } };

describeUploads('upload: the content API routes', (ctx) => {
  const onDisk = (name: string) => path.join(ctx.dir.uploads, name);
  const size = (name: string) => fs.statSync(onDisk(name)).size;

  /** The format entry Strapi v4 stores, from what is on disk. */
  async function expectedFormat(key: string, name: string, hash: string, ext: string, mime: string) {
    const file = `${key}_${hash}${ext}`;
    const [width, height] = await dimensions(onDisk(file));
    return { name: `${key}_${name}`, hash: `${key}_${hash}`, ext, mime, path: null, width, height, size: kb(size(file)), sizeInBytes: size(file), url: `/uploads/${file}` };
  }

  it('uploads a PNG: the record, its thumbnail and small format, the files on disk and the rows', async () => {
    const res = await upload(ctx.app, [{ name: 'smoke-cover.png', type: 'image/png', data: await png(640, 480) }]);
    expect(res.status).to.equal(200);
    expect(res.body).to.be.an('array').with.length(1);
    const [file] = res.body;
    expect(Object.keys(file)).to.deep.equal(RECORD_KEYS);
    expect(file.hash).to.match(/^smoke_cover_[0-9a-f]{10}$/);
    const { hash } = file;
    expect(file).to.deep.equal({
      id: file.id,
      name: 'smoke-cover.png',
      alternativeText: null,
      caption: null,
      width: 640,
      height: 480,
      formats: {
        thumbnail: await expectedFormat('thumbnail', 'smoke-cover.png', hash, '.png', 'image/png'),
        small: await expectedFormat('small', 'smoke-cover.png', hash, '.png', 'image/png'),
      },
      hash,
      ext: '.png',
      mime: 'image/png',
      size: kb(size(`${hash}.png`)),
      url: `/uploads/${hash}.png`,
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      createdAt: file.createdAt,
      updatedAt: file.createdAt,
    });
    expect(file.createdAt).to.match(ISO);
    expect(file.formats.thumbnail).to.include({ width: 208, height: 156 });
    expect(file.formats.small).to.include({ width: 500, height: 375 });
    expect(await dimensions(onDisk(`${hash}.png`))).to.deep.equal([640, 480]);
    expect(listFiles(ctx.dir.uploads)).to.include.members([`${hash}.png`, `thumbnail_${hash}.png`, `small_${hash}.png`]);

    const row = await ctx.app.knex('files').where('id', file.id).first();
    expect({ folder_path: row.folder_path, hash: row.hash, size: Number(row.size), provider: row.provider }).to.deep.equal({ folder_path: '/1', hash, size: file.size, provider: 'local' });
    const folders = await ctx.app.knex('upload_folders').select('id', 'name', 'path_id', 'path');
    expect(folders.map((f) => ({ ...f, id: Number(f.id), path_id: Number(f.path_id) }))).to.deep.equal([{ id: 1, name: 'API Uploads', path_id: 1, path: '/1' }]);
    const links = await ctx.app.knex('files_folder_links').where('file_id', file.id).select('folder_id');
    expect(links.map((l) => Number(l.folder_id))).to.deep.equal([1]);
    const store = await ctx.app.knex('strapi_core_store_settings').where('key', 'plugin_upload_api-folder').select('value');
    expect(store.map((s) => s.value)).to.deep.equal(['{"id":1}']);
  });

  it('a file part that declares no Content-Type is typed by its name: an image gets its formats', async () => {
    const boundary = 'platform-untyped-part';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="untyped.png"\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), await png(320, 240), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await send(ctx.app, 'POST', '/api/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(res.status, res.text).to.equal(200);
    const [file] = res.body;
    expect(file).to.deep.include({ name: 'untyped.png', ext: '.png', mime: 'image/png', width: 320, height: 240 });
    expect(Object.keys(file.formats)).to.deep.equal(['thumbnail']);
    expect(file.formats.thumbnail).to.include({ mime: 'image/png', width: 208, height: 156 });
    const row = await ctx.app.knex('files').where('id', file.id).first();
    expect({ mime: row.mime, ext: row.ext }).to.deep.equal({ mime: 'image/png', ext: '.png' });
    // the later tests list the files the others uploaded
    expect((await send(ctx.app, 'DELETE', `/api/upload/files/${file.id}`)).status).to.equal(200);
  });

  it('uploads a JPEG with fileInfo: every format up to large, each inside its box', async () => {
    const res = await upload(ctx.app, [{ name: 'photo.jpg', type: 'image/jpeg', data: await jpeg(1200, 900) }], {
      fileInfo: JSON.stringify({ name: 'Holiday photo.jpg', alternativeText: 'a beach', caption: 'July' }),
    });
    expect(res.status).to.equal(200);
    const [file] = res.body;
    expect(file).to.include({ name: 'Holiday photo.jpg', alternativeText: 'a beach', caption: 'July', width: 1200, height: 900, ext: '.jpg', mime: 'image/jpeg' });
    expect(file.hash).to.match(/^Holiday_photo_[0-9a-f]{10}$/);
    expect(Object.keys(file.formats)).to.deep.equal(['thumbnail', 'small', 'medium', 'large']);
    const sizes = Object.fromEntries(Object.entries(file.formats as Record<string, { width: number; height: number }>).map(([key, f]) => [key, [f.width, f.height]]));
    expect(sizes).to.deep.equal({ thumbnail: [208, 156], small: [500, 375], medium: [750, 563], large: [1000, 750] });
    for (const key of Object.keys(file.formats)) {
      expect(file.formats[key]).to.deep.equal(await expectedFormat(key, 'Holiday photo.jpg', file.hash, '.jpg', 'image/jpeg'));
      expect(await dimensions(onDisk(`${key}_${file.hash}.jpg`))).to.deep.equal(sizes[key]);
    }
  });

  it('uploads a text file and several files at once, each with its own fileInfo', async () => {
    const res = await upload(
      ctx.app,
      [
        { name: 'notes.txt', type: 'text/plain', data: 'hello, world\n' },
        { name: 'tiny.png', type: 'image/png', data: await png(100, 80) },
      ],
      { fileInfo: [JSON.stringify({ caption: 'first' }), JSON.stringify({ name: 'second.png' })] },
    );
    expect(res.status).to.equal(200);
    const [text, image] = res.body;
    expect(text).to.deep.include({ name: 'notes.txt', caption: 'first', width: null, height: null, formats: null, ext: '.txt', mime: 'text/plain', size: 0.01 });
    expect(fs.readFileSync(onDisk(`${text.hash}.txt`), 'utf8')).to.equal('hello, world\n');
    // Smaller than every box: no format.
    expect(image).to.deep.include({ name: 'second.png', width: 100, height: 80, formats: null });
    expect(listFiles(ctx.dir.uploads).filter((name) => name.includes(image.hash))).to.deep.equal([`${image.hash}.png`]);
  });

  it('lists files with filters, sort and pagination, and reads one, without the data envelope', async () => {
    const all = await send(ctx.app, 'GET', '/api/upload/files?sort=id');
    expect(all.status).to.equal(200);
    expect(all.body.map((f: { name: string }) => f.name)).to.deep.equal(['smoke-cover.png', 'Holiday photo.jpg', 'notes.txt', 'second.png']);
    const pngs = await send(ctx.app, 'GET', '/api/upload/files?filters[mime][$eq]=image/png&sort=name:desc&fields[0]=name');
    expect(pngs.body.map((f: { id: number; name: string }) => Object.keys(f))).to.deep.equal([
      ['id', 'name'],
      ['id', 'name'],
    ]);
    expect(pngs.body.map((f: { name: string }) => f.name)).to.deep.equal(['smoke-cover.png', 'second.png']);
    const page = await send(ctx.app, 'GET', '/api/upload/files?sort=id&pagination[page]=2&pagination[pageSize]=3');
    expect(page.body.map((f: { name: string }) => f.name)).to.deep.equal(['second.png']);
    const one = await send(ctx.app, 'GET', `/api/upload/files/${all.body[0].id}`);
    expect({ status: one.status, body: one.body }).to.deep.equal({ status: 200, body: all.body[0] });
    // folderPath is private: not shown, not filterable
    const hidden = await send(ctx.app, 'GET', '/api/upload/files?filters[folderPath][$eq]=/1');
    expect(hidden.status).to.equal(400);
    expect(hidden.body.error).to.include({ name: 'ValidationError', message: 'Invalid parameter folderPath' });
  });

  it('answers 404 file.notFound for a file that does not exist, on read, delete and describe', async () => {
    for (const [method, url] of [
      ['GET', '/api/upload/files/99999'],
      ['GET', '/api/upload/files/abc'],
      ['DELETE', '/api/upload/files/99999'],
    ] satisfies Array<[string, string]>) {
      const res = await send(ctx.app, method, url);
      expect({ status: res.status, body: res.body }, `${method} ${url}`).to.deep.equal({ status: 404, body: notFound });
    }
    const info = await send(ctx.app, 'POST', '/api/upload?id=99999', JSON.stringify({ fileInfo: { name: 'x' } }), { 'content-type': 'application/json' });
    expect({ status: info.status, body: info.body }).to.deep.equal({ status: 404, body: notFound });
  });

  it('?id with only fileInfo describes the file (multipart or JSON); the content stays', async () => {
    const [file] = (await upload(ctx.app, [{ name: 'a.png', type: 'image/png', data: await png(50, 50) }])).body;
    const res = await upload(ctx.app, [], { fileInfo: JSON.stringify({ alternativeText: 'described', caption: 'by id' }) }, `?id=${file.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ ...file, alternativeText: 'described', caption: 'by id', updatedAt: res.body.updatedAt });
    const json = await send(ctx.app, 'POST', `/api/upload?id=${file.id}`, JSON.stringify({ fileInfo: { name: 'renamed.png', caption: null } }), { 'content-type': 'application/json' });
    expect(json.body).to.include({ name: 'renamed.png', alternativeText: 'described', caption: 'by id', url: file.url, hash: file.hash });
    expect(fs.existsSync(onDisk(`${file.hash}.png`))).to.equal(true);
  });

  it('?id with a file replaces the content under the same url; formats the new image lacks are deleted', async () => {
    const [file] = (await upload(ctx.app, [{ name: 'big.png', type: 'image/png', data: await png(800, 600) }])).body;
    expect(Object.keys(file.formats)).to.deep.equal(['thumbnail', 'small', 'medium']);
    const res = await upload(ctx.app, [{ name: 'smaller.png', type: 'image/png', data: await png(300, 200) }], {}, `?id=${file.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ id: file.id, name: 'smaller.png', width: 300, height: 200, hash: file.hash, url: file.url, ext: '.png' });
    expect(Object.keys(res.body.formats)).to.deep.equal(['thumbnail']);
    expect(await dimensions(onDisk(`${file.hash}.png`))).to.deep.equal([300, 200]);
    expect(listFiles(ctx.dir.uploads).filter((name) => name.includes(file.hash))).to.deep.equal([`${file.hash}.png`, `thumbnail_${file.hash}.png`]);
    const read = await send(ctx.app, 'GET', `/api/upload/files/${file.id}`);
    expect(read.body).to.deep.equal(res.body);
    const two = await upload(
      ctx.app,
      [
        { name: 'x.png', type: 'image/png', data: await png(10, 10) },
        { name: 'y.png', type: 'image/png', data: await png(10, 10) },
      ],
      {},
      `?id=${file.id}`,
    );
    expect({ status: two.status, body: two.body }).to.deep.equal({
      status: 400,
      body: { data: null, error: { status: 400, name: 'ApplicationError', message: 'Cannot replace a file with multiple ones', details: {} } },
    });
  });

  it('?id that is not a positive integer is a 400 that changes nothing (no operator reaches the replace path)', async () => {
    const before = await ctx.app.knex('files').select('id', 'name', 'hash', 'updated_at').orderBy('id');
    const disk = listFiles(ctx.dir.uploads);
    for (const query of ['?id[$ne]=0', '?id[$gt]=0', '?id=abc', '?id=0', '?id=-1', '?id=1&id=2']) {
      const res = await upload(ctx.app, [{ name: 'evil.png', type: 'image/png', data: await png(10, 10) }], {}, query);
      expect({ status: res.status, body: res.body }, query).to.deep.equal({
        status: 400,
        body: { data: null, error: { status: 400, name: 'ValidationError', message: 'id must be a positive integer', details: {} } },
      });
    }
    expect(await ctx.app.knex('files').select('id', 'name', 'hash', 'updated_at').orderBy('id')).to.deep.equal(before);
    expect(listFiles(ctx.dir.uploads)).to.deep.equal(disk);
  });

  it('parallel first uploads share one API Uploads folder', async () => {
    await ctx.app.knex('files_folder_links').delete();
    await ctx.app.knex('upload_folders').delete();
    const uploads = await Promise.all(Array.from({ length: 6 }, async (_, i) => upload(ctx.app, [{ name: `p${i}.txt`, type: 'text/plain', data: `p${i}` }])));
    expect(uploads.map((res) => res.status)).to.deep.equal([200, 200, 200, 200, 200, 200]);
    const folders = await ctx.app.knex('upload_folders').select('id', 'name', 'path');
    expect(folders.map((f) => [f.name, f.path])).to.deep.equal([['API Uploads', '/1']]);
    const ids = uploads.map((res) => res.body[0].id);
    const links = await ctx.app.knex('files_folder_links').whereIn('file_id', ids).select('file_id', 'folder_id').orderBy('file_id');
    expect(links.map((l) => [Number(l.file_id), Number(l.folder_id)])).to.deep.equal([...ids].sort((a, b) => a - b).map((id) => [id, Number(folders[0].id)]));
    expect((await ctx.app.knex('files').whereIn('id', ids).select('folder_path')).map((f) => f.folder_path)).to.deep.equal(ids.map(() => '/1'));
  });

  it('serves stored files at /uploads with their content type and cache headers', async () => {
    const data = await png(300, 300);
    const [file] = (await upload(ctx.app, [{ name: 'served.png', type: 'image/png', data }])).body;
    const res = await fetch(ctx.app.url + file.url);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/png');
    expect(res.headers.get('cache-control')).to.equal('max-age=60');
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(onDisk(`${file.hash}.png`)))).to.equal(true);
    const thumb = await fetch(ctx.app.url + file.formats.thumbnail.url);
    expect(thumb.status).to.equal(200);
    // what a client uploaded runs nothing when it is opened directly
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const [vector] = (await upload(ctx.app, [{ name: 'v.svg', type: 'image/svg+xml', data: svg }])).body;
    expect(vector).to.include({ width: 10, height: 10, formats: null, ext: '.svg', mime: 'image/svg+xml' });
    const served = await fetch(ctx.app.url + vector.url);
    expect({ type: served.headers.get('content-type'), csp: served.headers.get('content-security-policy'), nosniff: served.headers.get('x-content-type-options') }).to.deep.equal({
      type: 'image/svg+xml',
      csp: "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      nosniff: 'nosniff',
    });
    for (const name of ['missing.png', '..%2F..%2Fconfig%2Fapi.ts', '.hidden', '%00.png']) {
      const res = await fetch(`${ctx.app.url}/uploads/${name}`);
      expect(res.status, name).to.equal(404);
    }
  });

  it('DELETE removes the record, its folder link, its media links and every object on disk', async () => {
    const [file] = (await upload(ctx.app, [{ name: 'doomed.png', type: 'image/png', data: await png(600, 400) }])).body;
    const article = await ctx.app.post('/api/articles', { data: { title: 'with a cover', cover: file.id } });
    expect(article.status).to.equal(200);
    expect(await ctx.app.knex('files_related_morphs').where('file_id', file.id).select('field')).to.deep.equal([{ field: 'cover' }]);
    const res = await send(ctx.app, 'DELETE', `/api/upload/files/${file.id}`);
    expect({ status: res.status, body: res.body }).to.deep.equal({ status: 200, body: file });
    expect(await ctx.app.knex('files').where('id', file.id)).to.deep.equal([]);
    expect(await ctx.app.knex('files_folder_links').where('file_id', file.id)).to.deep.equal([]);
    expect(await ctx.app.knex('files_related_morphs').where('file_id', file.id)).to.deep.equal([]);
    expect(listFiles(ctx.dir.uploads).filter((name) => name.includes(file.hash))).to.deep.equal([]);
    const cover = await ctx.app.get(`/api/articles/${article.body.data.id}?populate=cover`);
    expect(cover.body.data.attributes.cover).to.deep.equal({ data: null });
  });

  it('serves the files rows of an existing Strapi v4 database unchanged', async () => {
    const formats = {
      thumbnail: {
        name: 'thumbnail_old.png',
        hash: 'thumbnail_old_abc',
        ext: '.png',
        mime: 'image/png',
        path: null,
        width: 208,
        height: 156,
        size: 0.56,
        sizeInBytes: 560,
        url: '/uploads/thumbnail_old_abc.png',
      },
    };
    const [row] = await ctx.app.knex('files').insert(
      {
        name: 'old.png',
        alternative_text: 'alt',
        caption: null,
        width: 640,
        height: 480,
        formats: JSON.stringify(formats),
        hash: 'old_abc',
        ext: '.png',
        mime: 'image/png',
        size: 0.41,
        url: '/uploads/old_abc.png',
        preview_url: null,
        provider: 'local',
        provider_metadata: null,
        folder_path: '/1',
        created_at: new Date('2026-11-25T21:23:28.699Z'),
        updated_at: new Date('2026-11-25T21:23:28.699Z'),
      },
      ['id'],
    );
    const id = Number(typeof row === 'object' ? row.id : row);
    const res = await send(ctx.app, 'GET', `/api/upload/files/${id}`);
    expect(res.body).to.deep.equal({
      id,
      name: 'old.png',
      alternativeText: 'alt',
      caption: null,
      width: 640,
      height: 480,
      formats,
      hash: 'old_abc',
      ext: '.png',
      mime: 'image/png',
      size: 0.41,
      url: '/uploads/old_abc.png',
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      createdAt: '2026-11-25T21:23:28.699Z',
      updatedAt: '2026-11-25T21:23:28.699Z',
    });
  });
});
