/**
 * Request bodies at the edge: a Content-Encoding that does not decode is the client's mistake
 * (400, 415 for an encoding the server does not know), never a 500; a body that trickles in
 * slower than config/server.ts allows is cut with a 408.
 */
import net from 'node:net';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { describeEachDatabase, startApp } from '../helpers/app';

const JSON_BODY = JSON.stringify({ data: { name: 'compressed category' } });
const ENCODERS = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync } as const;
const badRequest = (message: string) => ({ data: null, error: { status: 400, name: 'BadRequestError', message, details: {} } });

/** Sends raw bytes as a POST body with the given Content-Encoding. */
async function postEncoded(url: string, body: Buffer, encoding: string) {
  const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
  return { status: res.status, body: (await res.json()) as { data?: { attributes: { name: string } } } };
}

describeEachDatabase('compressed request bodies', (ctx) => {
  for (const [encoding, encode] of Object.entries(ENCODERS)) {
    it(`reads a valid ${encoding} body`, async () => {
      const res = await postEncoded(`${ctx.app.url}/api/categories`, encode(Buffer.from(JSON_BODY.replace('compressed', encoding))), encoding);
      expect({ status: res.status, name: res.body.data?.attributes.name }).to.deep.equal({ status: 200, name: `${encoding} category` });
    });

    for (const path of ['/api/categories', '/api/no-such-route']) {
      it(`answers a corrupt ${encoding} body with a 400 on ${path}`, async () => {
        const res = await postEncoded(`${ctx.app.url}${path}`, Buffer.from('certainly not compressed'), encoding);
        expect(res).to.deep.equal({ status: 400, body: badRequest(`The request body is not valid ${encoding}`) });
      });

      it(`answers a truncated ${encoding} body with a 400 on ${path}`, async () => {
        const whole = encode(Buffer.from(JSON.stringify({ data: { name: 'y'.repeat(5000) } })));
        const res = await postEncoded(`${ctx.app.url}${path}`, whole.subarray(0, Math.floor(whole.length / 2)), encoding);
        expect(res).to.deep.equal({ status: 400, body: badRequest(`The request body is not valid ${encoding}`) });
      });
    }
  }

  it('answers an unknown Content-Encoding with a 415', async () => {
    const res = await postEncoded(`${ctx.app.url}/api/categories`, Buffer.from(JSON_BODY), 'compress');
    expect(res).to.deep.equal({
      status: 415,
      body: { data: null, error: { status: 415, name: 'UnsupportedMediaTypeError', message: 'Unsupported Content-Encoding: compress', details: {} } },
    });
  });

  it('still answers an unknown route with a valid compressed body with the 404', async () => {
    const res = await postEncoded(`${ctx.app.url}/api/no-such-route`, zlib.gzipSync(Buffer.from(JSON_BODY)), 'gzip');
    expect(res).to.deep.equal({ status: 404, body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } } });
  });
});

/** Opens a raw connection and sends `head`; resolves with everything the server sent until it closed. */
function rawExchange(port: number, head: string, drip?: { every: number }): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    const timer = drip ? setInterval(() => socket.writable && socket.write('a'), drip.every) : null;
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (timer) clearInterval(timer);
      resolve({ text, ms: Date.now() - started });
    });
  });
}

const TIMEOUT_BODY = JSON.stringify({ data: null, error: { status: 408, name: 'RequestTimeoutError', message: 'Request Timeout', details: {} } });

describe('slow clients', function () {
  this.timeout(30000);

  it('cuts a body that trickles in past requestTimeout with a 408 envelope', async () => {
    const app = await startApp({ config: { server: { requestTimeout: 1000, headersTimeout: 500 } } });
    try {
      const head = 'POST /api/categories HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
      const { text, ms } = await rawExchange(app.platform.address().port, head, { every: 100 });
      expect(text).to.equal(`HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${TIMEOUT_BODY.length}\r\nConnection: close\r\n\r\n${TIMEOUT_BODY}`);
      expect(ms).to.be.within(900, 3000);
      // the server still answers others
      expect((await app.get('/_health')).status).to.equal(204);
    } finally {
      await app.close();
    }
  });

  it('cuts headers that trickle in past headersTimeout with a 408 envelope', async () => {
    const app = await startApp({ config: { server: { requestTimeout: 5000, headersTimeout: 500 } } });
    try {
      const { text, ms } = await rawExchange(app.platform.address().port, 'GET /api/articles HTTP/1.1\r\nHost: x\r\nX-Slow: ', { every: 100 });
      expect(text).to.match(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(text.endsWith(TIMEOUT_BODY)).to.equal(true);
      expect(ms).to.be.within(400, 2500);
    } finally {
      await app.close();
    }
  });

  it('lets a normal request through well within the defaults', async () => {
    const app = await startApp();
    try {
      const res = await app.post('/api/categories', { data: { name: 'quick' } });
      expect(res.status).to.equal(200);
    } finally {
      await app.close();
    }
  });

  it('refuses timeouts that are not positive integers, naming the file and key', async () => {
    let message = '';
    await startApp({ config: { server: { requestTimeout: 0 } } }).catch((error: Error) => {
      message = error.message;
    });
    expect(message).to.equal('config/server.ts: "requestTimeout" must be an integer from 1 to 86400000, got 0');
  });
});
