import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createSender, type AttemptResult, type Sender } from './sender';
import type { OwnServer } from './url-guard';

/** One attempt's outcome without its duration, which varies. */
const outcome = ({ durationMs: _, ...rest }: AttemptResult) => rest;

describe('webhooks: one delivery attempt', () => {
  let server: http.Server;
  let base = '';
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end();
  const own: OwnServer = { ports: new Set(), origins: new Set() };
  let sender: Sender;

  before(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => handle(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sender = createSender({ timeout: 300, own, refusePrivate: false, defaultHeaders: () => ({ 'X-App': 'platform' }) });
  });

  after(async () => {
    sender.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the body with its headers, over kept-alive connections', async () => {
    const seen: Array<{ headers: http.IncomingHttpHeaders; url?: string; socket: unknown }> = [];
    handle = (req, res) => {
      seen.push({ headers: req.headers, url: req.url, socket: req.socket });
      res.end('fine');
    };
    const target = { url: `${base}/hook?x=1`, headers: { 'X-Site': 'a' }, secret: null };
    expect(outcome(await sender.send(target, 'entry.create', 'msg_1', '{"a":1}'))).to.deep.equal({ ok: true, status: 200, message: null, retryAfterMs: null, refused: false });
    expect(outcome(await sender.send(target, 'entry.update', 'msg_2', '{"a":2}'))).to.deep.equal({ ok: true, status: 200, message: null, retryAfterMs: null, refused: false });
    expect(
      seen.map((s) => [s.url, s.headers['x-strapi-event'], s.headers['x-app'], s.headers['x-site'], s.headers['content-type'], s.headers['content-length'], s.headers['webhook-id']]),
    ).to.deep.equal([
      ['/hook?x=1', 'entry.create', 'platform', 'a', 'application/json', '7', 'msg_1'],
      ['/hook?x=1', 'entry.update', 'platform', 'a', 'application/json', '7', 'msg_2'],
    ]);
    expect(seen[0]?.headers['webhook-timestamp']).to.match(/^\d{10}$/);
    // a connection just freed may not be taken up by the very next request, but it is by later ones
    for (let i = 0; i < 4; i++) await sender.send(target, 'entry.update', `msg_${i}`, '{}');
    expect(new Set(seen.map((s) => s.socket)).size).to.be.at.most(2);
  });

  it("leaves out a webhook's headers of the connection and the framing, which the client sets", async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    handle = (req, res) => {
      seen.push(req.headers);
      res.end();
    };
    const headers = { 'Keep-Alive': 'timeout=5', Connection: 'upgrade', 'Transfer-Encoding': 'chunked', Expect: '100-continue', Upgrade: 'h2c', 'Content-Length': '3', 'X-Site': 'a' };
    expect(outcome(await sender.send({ url: `${base}/framing`, headers, secret: null }, 'entry.create', 'msg_f', '{"a":1}'))).to.deep.equal({
      ok: true,
      status: 200,
      message: null,
      retryAfterMs: null,
      refused: false,
    });
    const [received] = seen;
    expect([received?.['x-site'], received?.['content-length'], received?.['transfer-encoding'], received?.expect, received?.upgrade, received?.['keep-alive']]).to.deep.equal([
      'a',
      '7',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("keeps the first KiB of a failure's answer, and drops the connection past 64 KiB", async () => {
    handle = (_req, res) => {
      res.writeHead(500);
      res.end('e'.repeat(200 * 1024));
    };
    expect(outcome(await sender.send({ url: `${base}/big`, headers: {}, secret: null }, 'entry.create', 'msg_3', '{}'))).to.deep.equal({
      ok: false,
      status: 500,
      message: 'e'.repeat(1024),
      retryAfterMs: null,
      refused: false,
    });
    handle = (_req, res) => {
      res.writeHead(200);
      res.end('o'.repeat(200 * 1024));
    };
    expect(outcome(await sender.send({ url: `${base}/big`, headers: {}, secret: null }, 'entry.create', 'msg_4', '{}'))).to.deep.equal({
      ok: true,
      status: 200,
      message: null,
      retryAfterMs: null,
      refused: false,
    });
  });

  it("reads a 503's Retry-After and a redirect's Location, and follows no redirect", async () => {
    let requests = 0;
    handle = (req, res) => {
      requests += 1;
      if (req.url === '/busy') res.writeHead(503, { 'Retry-After': '7' }).end('later');
      else res.writeHead(301, { Location: '/busy' }).end();
    };
    expect(outcome(await sender.send({ url: `${base}/busy`, headers: {}, secret: null }, 'entry.create', 'msg_5', '{}'))).to.deep.equal({
      ok: false,
      status: 503,
      message: 'later',
      retryAfterMs: 7000,
      refused: false,
    });
    expect(outcome(await sender.send({ url: `${base}/moved`, headers: {}, secret: null }, 'entry.create', 'msg_6', '{}'))).to.deep.equal({
      ok: false,
      status: 301,
      message: 'redirect not followed (Location: /busy)',
      retryAfterMs: null,
      refused: false,
    });
    expect(requests).to.equal(2);
  });

  it('an answer that does not come within the time limit is a failed attempt, ended at the limit', async () => {
    handle = () => {};
    const result = await sender.send({ url: `${base}/never`, headers: {}, secret: null }, 'entry.create', 'msg_7', '{}');
    expect(outcome(result)).to.deep.equal({ ok: false, status: null, message: 'no answer within 300 ms', retryAfterMs: null, refused: false });
    expect(result.durationMs).to.be.within(290, 1000);
  });

  it('tries once more when the connection closes before any answer, and reports a receiver that is down', async () => {
    let requests = 0;
    handle = (req, res) => {
      requests += 1;
      // the first request's connection closes unanswered, as a receiver that dropped a kept-alive socket
      if (requests === 1) req.socket.destroy();
      else res.end();
    };
    expect(outcome(await sender.send({ url: `${base}/dropped`, headers: {}, secret: null }, 'entry.create', 'msg_8', '{}'))).to.deep.equal({
      ok: true,
      status: 200,
      message: null,
      retryAfterMs: null,
      refused: false,
    });
    expect(requests).to.equal(2);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const downPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = outcome(await sender.send({ url: `http://127.0.0.1:${downPort}/hook`, headers: {}, secret: null }, 'entry.create', 'msg_9', '{}'));
    expect({ ...down, message: null }).to.deep.equal({ ok: false, status: null, message: null, retryAfterMs: null, refused: false });
    expect(down.message).to.match(/ECONNREFUSED/);
  });

  it('never requests the server itself, by address or by a name that resolves to it', async () => {
    let requests = 0;
    handle = (_req, res) => {
      requests += 1;
      res.end();
    };
    const port = Number(new URL(base).port);
    own.ports.add(port);
    try {
      expect(outcome(await sender.send({ url: `${base}/self`, headers: {}, secret: null }, 'entry.create', 'msg_8', '{}'))).to.deep.equal({
        ok: false,
        status: null,
        message: `refused: the webhook url points at this server itself (127.0.0.1 port ${port})`,
        retryAfterMs: null,
        refused: true,
      });
      const byName = await sender.send({ url: `http://localhost:${port}/self`, headers: {}, secret: null }, 'entry.create', 'msg_9', '{}');
      expect(byName.message).to.match(new RegExp(`^refused: the webhook url points at this server itself \\((127\\.0\\.0\\.1|::1) port ${port}\\)$`));
      expect(byName).to.include({ ok: false, status: null, refused: true });
      expect(outcome(await sender.send({ url: 'not a url', headers: {}, secret: null }, 'entry.create', 'msg_10', '{}'))).to.deep.equal({
        ok: false,
        status: null,
        message: 'refused: "not a url" is not a valid url',
        retryAfterMs: null,
        refused: true,
      });
    } finally {
      own.ports.delete(port);
    }
    expect(requests).to.equal(0);
  });
});
