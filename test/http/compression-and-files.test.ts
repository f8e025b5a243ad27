/**
 * `platform::compression` (off unless listed; gzip or br above the threshold) and the app's
 * `public/` folder and favicon.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { DEFAULT_MIDDLEWARE_LIST, definePlugin } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import { exampleAppWith } from '../helpers/app-dir';
import { testClients } from '../helpers/databases';

const BIG = { data: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `entry number ${i}` })) };
const probe = definePlugin({
  name: 'probe',
  routes: [
    { method: 'GET', path: '/big', config: { auth: false }, handler: () => BIG },
    { method: 'GET', path: '/small', config: { auth: false }, handler: () => ({ data: 'small' }) },
    // a single entry's size: under the default threshold of 4 KiB
    { method: 'GET', path: '/medium', config: { auth: false }, handler: () => ({ data: 'm'.repeat(3000) }) },
  ],
});

/** A raw GET (no automatic decoding): status, headers and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const ICON = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]);

for (const client of testClients()) {
  describe(`compression and public files [${client}]`, function () {
    this.timeout(60000);
    let plain: TestApp;
    let compressed: TestApp;
    let dir: ReturnType<typeof exampleAppWith>;
    before(async () => {
      dir = exampleAppWith({
        'public/hello.txt': 'hello from public\n',
        'public/big.txt': 'a line of text in a big file\n'.repeat(200),
        'public/docs/index.html': '<h1>docs</h1>',
        'public/api/articles': 'a file that must not shadow the route',
        'favicon.ico': ICON,
      });
      plain = await startApp({ client, appDir: dir.dir, plugins: [probe] });
      compressed = await startApp({
        client,
        database: plain.database,
        appDir: dir.dir,
        plugins: [probe],
        // before strapi::public, so that it also sees the files public/ serves
        middlewares: DEFAULT_MIDDLEWARE_LIST.flatMap((name) => (name === 'strapi::public' ? [{ name: 'platform::compression' }, name] : [name])),
      });
    });
    after(async () => {
      await compressed?.stop();
      await plain?.close();
      dir?.remove();
    });

    it('does not compress unless the list has platform::compression', async () => {
      const res = await rawGet(`${plain.url}/api/probe/big`, { 'Accept-Encoding': 'gzip, br' });
      expect({ status: res.status, encoding: res.headers['content-encoding'] }).to.deep.equal({ status: 200, encoding: undefined });
      expect(JSON.parse(res.bytes.toString())).to.deep.equal(BIG);
    });

    for (const [encoding, decode] of [
      ['gzip', zlib.gunzipSync],
      ['br', zlib.brotliDecompressSync],
    ] as const) {
      it(`compresses a large answer with ${encoding} for a client that accepts it`, async () => {
        const res = await rawGet(`${compressed.url}/api/probe/big`, { 'Accept-Encoding': encoding });
        expect({ status: res.status, encoding: res.headers['content-encoding'], vary: res.headers.vary }).to.deep.equal({ status: 200, encoding, vary: 'Origin, Accept-Encoding' });
        expect(res.bytes.length).to.be.below(JSON.stringify(BIG).length / 3);
        expect(JSON.parse(decode(res.bytes).toString())).to.deep.equal(BIG);
      });
    }

    it('is decoded by a fetch client', async () => {
      const res = await fetch(`${compressed.url}/api/probe/big`);
      expect({ status: res.status, encoding: res.headers.get('content-encoding'), body: await res.json() }).to.deep.equal({ status: 200, encoding: 'gzip', body: BIG });
    });

    it('compresses a large file of public/ (a stream)', async () => {
      const res = await rawGet(`${compressed.url}/big.txt`, { 'Accept-Encoding': 'gzip' });
      expect({ status: res.status, encoding: res.headers['content-encoding'], type: res.headers['content-type'] }).to.deep.equal({ status: 200, encoding: 'gzip', type: 'text/plain; charset=utf-8' });
      expect(zlib.gunzipSync(res.bytes).toString()).to.equal('a line of text in a big file\n'.repeat(200));
    });

    it('sends an answer under the threshold (4 KiB by default) as it is', async () => {
      const small = await rawGet(`${compressed.url}/api/probe/small`, { 'Accept-Encoding': 'gzip, br' });
      expect({ status: small.status, encoding: small.headers['content-encoding'], body: small.bytes.toString() }).to.deep.equal({ status: 200, encoding: undefined, body: '{"data":"small"}' });
      const medium = await rawGet(`${compressed.url}/api/probe/medium`, { 'Accept-Encoding': 'gzip, br' });
      expect({ status: medium.status, encoding: medium.headers['content-encoding'], length: medium.bytes.length }).to.deep.equal({ status: 200, encoding: undefined, length: 3011 });
    });

    it('serves a file of public/ with its content type and cache header', async () => {
      const res = await plain.get('/hello.txt');
      expect({ status: res.status, text: res.text, type: res.headers.get('content-type'), cache: res.headers.get('cache-control') }).to.deep.equal({
        status: 200,
        text: 'hello from public\n',
        type: 'text/plain; charset=utf-8',
        cache: 'max-age=60',
      });
      const index = await plain.get('/docs/');
      expect({ status: index.status, text: index.text, type: index.headers.get('content-type') }).to.deep.equal({ status: 200, text: '<h1>docs</h1>', type: 'text/html; charset=utf-8' });
    });

    it('never lets a public file shadow a route, and answers a missing file with the 404 envelope', async () => {
      expect((await plain.get('/api/articles')).body.meta.pagination.page).to.equal(1);
      const missing = await plain.get('/nope.txt');
      expect({ status: missing.status, body: missing.body }).to.deep.equal({ status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } });
      const outside = await plain.get('/..%2f..%2fetc%2fpasswd');
      expect({ status: outside.status, body: outside.body }).to.deep.equal({ status: 403, body: { data: null, error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} } } });
    });

    it('serves favicon.ico from the app folder', async () => {
      const res = await rawGet(`${plain.url}/favicon.ico`, {});
      expect({ status: res.status, type: res.headers['content-type'], cache: res.headers['cache-control'], bytes: [...res.bytes] }).to.deep.equal({
        status: 200,
        type: 'image/x-icon',
        cache: 'public, max-age=86400',
        bytes: [...ICON],
      });
    });
  });
}
