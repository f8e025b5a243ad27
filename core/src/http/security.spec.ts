import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { deepMerge } from '../config/load-config';
import { recordHeaderSteps } from './header-steps';
import { SECURITY_DEFAULTS, security } from './security';

/** the raw header lines (name, value, ...) of one GET answered by `middleware` then a JSON body */
async function rawHeaders(middleware: Koa.Middleware): Promise<string[]> {
  const app = new Koa();
  app.use(middleware);
  app.use((ctx) => {
    ctx.body = { data: 1 };
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<string[]>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/', headers: { connection: 'close' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.rawHeaders.filter((_, i, all) => all[i - (i % 2)] !== 'Date')));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

/** a security middleware after the start-up tick in which it records helmet's headers */
async function settled(config: Record<string, unknown>): Promise<Koa.Middleware> {
  const middleware = security(config);
  await new Promise((resolve) => setImmediate(resolve));
  return middleware;
}

describe('strapi::security', () => {
  it('records the headers helmet sets with the defaults, in order', async () => {
    const steps = await recordHeaderSteps(helmet(deepMerge(SECURITY_DEFAULTS, {}) as Parameters<typeof helmet>[0]));
    expect(steps).to.deep.equal([
      {
        name: 'Content-Security-Policy',
        value:
          "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';connect-src 'self' https:;media-src 'self' data: blob:",
      },
      { name: 'Referrer-Policy', value: 'no-referrer' },
      { name: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
      { name: 'X-Content-Type-Options', value: 'nosniff' },
      { name: 'X-DNS-Prefetch-Control', value: 'off' },
      { name: 'X-Download-Options', value: 'noopen' },
      { name: 'X-Frame-Options', value: 'SAMEORIGIN' },
      { name: 'X-Permitted-Cross-Domain-Policies', value: 'none' },
      { name: 'X-Powered-By' },
    ]);
  });

  it('answers with the same header lines as helmet itself, defaults and a custom config', async () => {
    const custom = { hsts: false, frameguard: { action: 'deny' }, contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'https://cdn.example'] } } };
    for (const config of [{}, custom]) {
      const expected = await rawHeaders(helmet(deepMerge(SECURITY_DEFAULTS, config) as Parameters<typeof helmet>[0]));
      expect(await rawHeaders(await settled(config))).to.deep.equal(expected);
    }
  });

  it('keeps running helmet when a directive is a function of the request (a nonce)', async () => {
    let count = 0;
    const config = { contentSecurityPolicy: { directives: { 'script-src': ["'self'", () => `'nonce-${++count}'`] } } };
    const middleware = await settled(config);
    const csp = (lines: string[]) => lines[lines.indexOf('Content-Security-Policy') + 1];
    expect(csp(await rawHeaders(middleware))).to.contain("script-src 'self' 'nonce-1'");
    expect(csp(await rawHeaders(middleware))).to.contain("script-src 'self' 'nonce-2'");
  });

  it('records nothing for a middleware that reads the request or does not go on', async () => {
    expect(await recordHeaderSteps((ctx, next) => (ctx.get('Origin') ? next() : next()))).to.equal(null);
    expect(await recordHeaderSteps(async () => undefined)).to.equal(null);
  });
});
