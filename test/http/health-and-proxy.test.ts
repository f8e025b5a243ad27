/**
 * GET/HEAD /_health (204 when ready, 503 while shutting down) and proxy trust: a forged
 * X-Forwarded-For moves ctx.ip only when config/server.ts says the peer is a proxy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { definePlugin } from '@platform/core';
import { describeEachDatabase, startApp, type TestApp } from '../helpers/app';
import { testClients } from '../helpers/databases';

/** Routes that show what the server believes about the caller, and one that takes its time. */
function probe(events: string[] = []) {
  return definePlugin({
    name: 'probe',
    routes: [
      { method: 'GET', path: '/whoami', config: { auth: false }, handler: (ctx) => ({ ip: ctx.ip, ips: ctx.ips, protocol: ctx.protocol }) },
      {
        method: 'GET',
        path: '/slow',
        config: { auth: false },
        handler: async () => {
          await new Promise((resolve) => setTimeout(resolve, 500));
          events.push('slow answered');
          return { data: 'done' };
        },
      },
    ],
  });
}

const UNAVAILABLE = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Service Unavailable', details: {} } };

describeEachDatabase('health endpoint', (ctx) => {
  it('answers GET and HEAD /_health with 204 and no body once ready', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await ctx.app.request(method, '/_health');
      expect({ method, status: res.status, text: res.text }).to.deep.equal({ method, status: 204, text: '' });
    }
  });

  it('answers another method on /_health with a 405 envelope', async () => {
    const res = await ctx.app.post('/_health', {});
    expect({ status: res.status, body: res.body }).to.deep.equal({
      status: 405,
      body: { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } },
    });
  });
});

for (const client of testClients()) {
  describe(`health during shutdown [${client}]`, function () {
    this.timeout(60000);
    it('answers 503 from the moment destroy() begins, while in-flight requests finish', async () => {
      const events: string[] = [];
      const app = await startApp({ client, plugins: [probe(events)] });
      // A second server on the same platform: the platform's own stops accepting connections
      // at once, this one lets us ask while the in-flight request holds destroy() open.
      const side = http.createServer(app.platform.callback());
      await new Promise<void>((resolve) => side.listen(0, '127.0.0.1', resolve));
      const sideUrl = `http://127.0.0.1:${(side.address() as AddressInfo).port}`;
      try {
        expect((await fetch(`${sideUrl}/_health`)).status).to.equal(204);
        const inFlight = fetch(`${app.url}/api/probe/slow`).then((res) => res.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const destroyed = app.platform.destroy().then(() => events.push('destroyed'));
        const during = await fetch(`${sideUrl}/_health`);
        expect({ status: during.status, body: await during.json() }).to.deep.equal({ status: 503, body: UNAVAILABLE });
        events.push('503 seen');
        expect(await inFlight).to.equal(200);
        await destroyed;
        expect(events).to.deep.equal(['503 seen', 'slow answered', 'destroyed']);
      } finally {
        await new Promise((resolve) => side.close(resolve));
        await app.close();
      }
    });
  });
}

const FORGED = { 'X-Forwarded-For': '203.0.113.7, 198.51.100.1', 'X-Forwarded-Proto': 'https' };

describe('proxy trust', function () {
  this.timeout(60000);
  const apps: TestApp[] = [];
  after(async () => {
    for (const app of apps) await app.close();
  });
  const boot = async (proxy: unknown) => {
    const app = await startApp({ plugins: [probe()], config: proxy === undefined ? {} : { server: { proxy } } });
    apps.push(app);
    return app;
  };

  it('ignores a forged X-Forwarded-For by default: ctx.ip is the peer', async () => {
    const app = await boot(undefined);
    expect((await app.get('/api/probe/whoami', FORGED)).body).to.deep.equal({ ip: '127.0.0.1', ips: [], protocol: 'http' });
  });

  it('ignores it with proxy: false', async () => {
    const app = await boot(false);
    expect((await app.get('/api/probe/whoami', FORGED)).body).to.deep.equal({ ip: '127.0.0.1', ips: [], protocol: 'http' });
  });

  it('believes it with proxy: true (every peer is a proxy)', async () => {
    const app = await boot(true);
    expect((await app.get('/api/probe/whoami', FORGED)).body).to.deep.equal({ ip: '203.0.113.7', ips: ['203.0.113.7', '198.51.100.1'], protocol: 'https' });
  });

  it('with a trusted list, takes the nearest address that is not a trusted hop', async () => {
    const one = await boot({ trusted: ['127.0.0.1'] });
    expect((await one.get('/api/probe/whoami', FORGED)).body.ip).to.equal('198.51.100.1');
    const two = await boot({ trusted: ['127.0.0.1', '198.51.100.1'] });
    expect((await two.get('/api/probe/whoami', FORGED)).body).to.deep.equal({ ip: '203.0.113.7', ips: ['203.0.113.7', '198.51.100.1'], protocol: 'https' });
  });

  it('with a trusted list, ignores the headers from a peer that is not on it', async () => {
    const app = await boot({ trusted: ['10.0.0.9'] });
    expect((await app.get('/api/probe/whoami', FORGED)).body).to.deep.equal({ ip: '127.0.0.1', ips: [], protocol: 'http' });
  });

  it('refuses a proxy setting that is neither a boolean nor a trusted list', async () => {
    let message = '';
    await startApp({ config: { server: { proxy: 'yes' } } }).catch((error: Error) => {
      message = error.message;
    });
    expect(message).to.equal('config/server.ts: "proxy" must be true, false or { trusted: [addresses of the proxies] }, got "yes"');
  });
});
