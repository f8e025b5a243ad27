/**
 * CORS as a browser meets it: preflights answered 204 before routing on every path, and the
 * Access-Control-* headers on content answers, unknown paths and error answers, for an allowed
 * origin and never for a refused one.
 */
import { expect } from 'chai';
import { DEFAULT_MIDDLEWARE_LIST } from '@platform/core';
import { describeEachDatabase, startApp, type HttpResponse } from '../helpers/app';

const ALLOWED = 'http://allowed.test';
const REFUSED = 'http://refused.test';

/** The response's CORS headers, by name. */
function corsHeaders(res: HttpResponse): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([name]) => name.startsWith('access-control-')));
}

const PREFLIGHT_ALLOWED = {
  'access-control-allow-origin': ALLOWED,
  'access-control-allow-credentials': 'true',
  'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS',
  'access-control-allow-headers': 'Content-Type,Authorization,Origin,Accept',
  'access-control-max-age': '31536000',
};
const SIMPLE_ALLOWED = { 'access-control-allow-origin': ALLOWED, 'access-control-allow-credentials': 'true' };
const EMPTY_LIST = { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } };
const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

const preflight = (origin: string) => ({ Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' });

describeEachDatabase(
  'CORS with an origin list',
  (ctx) => {
    for (const path of ['/api/articles', '/api/no-such-route', '/nowhere/at/all']) {
      it(`answers a preflight to ${path} with 204 and the CORS headers for an allowed origin`, async () => {
        const res = await ctx.app.request('OPTIONS', path, undefined, preflight(ALLOWED));
        expect({ status: res.status, text: res.text, cors: corsHeaders(res) }).to.deep.equal({ status: 204, text: '', cors: PREFLIGHT_ALLOWED });
      });

      it(`answers a preflight to ${path} with 204 and no CORS headers for a refused origin`, async () => {
        const res = await ctx.app.request('OPTIONS', path, undefined, preflight(REFUSED));
        expect({ status: res.status, text: res.text, cors: corsHeaders(res) }).to.deep.equal({ status: 204, text: '', cors: {} });
      });
    }

    it('adds the headers to a content answer for an allowed origin only', async () => {
      const allowed = await ctx.app.get('/api/articles', { Origin: ALLOWED });
      expect({ status: allowed.status, body: allowed.body, cors: corsHeaders(allowed) }).to.deep.equal({ status: 200, body: EMPTY_LIST, cors: SIMPLE_ALLOWED });
      expect(allowed.headers.get('vary')).to.equal('Origin');
      const refused = await ctx.app.get('/api/articles', { Origin: REFUSED });
      expect({ status: refused.status, body: refused.body, cors: corsHeaders(refused) }).to.deep.equal({ status: 200, body: EMPTY_LIST, cors: {} });
    });

    it('adds the headers to the 404 of an unknown path', async () => {
      const allowed = await ctx.app.get('/api/no-such-route', { Origin: ALLOWED });
      expect({ status: allowed.status, body: allowed.body, cors: corsHeaders(allowed) }).to.deep.equal({ status: 404, body: NOT_FOUND, cors: SIMPLE_ALLOWED });
      const refused = await ctx.app.get('/api/no-such-route', { Origin: REFUSED });
      expect({ status: refused.status, body: refused.body, cors: corsHeaders(refused) }).to.deep.equal({ status: 404, body: NOT_FOUND, cors: {} });
    });

    it('adds the headers to error answers (a thrown 400 and a 405)', async () => {
      const bad = await ctx.app.get('/api/articles?sort=title:sideways', { Origin: ALLOWED });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.name).to.equal('ValidationError');
      expect(corsHeaders(bad)).to.deep.equal(SIMPLE_ALLOWED);
      const wrongMethod = await ctx.app.request('PATCH', '/api/articles', undefined, { Origin: ALLOWED });
      expect({ status: wrongMethod.status, body: wrongMethod.body, cors: corsHeaders(wrongMethod) }).to.deep.equal({
        status: 405,
        body: { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } },
        cors: SIMPLE_ALLOWED,
      });
      const refused = await ctx.app.request('PATCH', '/api/articles', undefined, { Origin: REFUSED });
      expect({ status: refused.status, cors: corsHeaders(refused) }).to.deep.equal({ status: 405, cors: {} });
    });

    it('leaves a request without Origin alone (no CORS headers)', async () => {
      const res = await ctx.app.get('/api/articles');
      expect({ status: res.status, cors: corsHeaders(res) }).to.deep.equal({ status: 200, cors: {} });
    });
  },
  {
    middlewares: DEFAULT_MIDDLEWARE_LIST.map((name) => (name === 'strapi::cors' ? { name, config: { origin: [ALLOWED, 'http://other.test'] } } : name)),
  },
);

describeEachDatabase("CORS with Strapi's defaults", (ctx) => {
  it('allows any origin (reflected, with credentials, as Strapi v4 does)', async () => {
    const pre = await ctx.app.request('OPTIONS', '/api/articles', undefined, preflight(REFUSED));
    expect({ status: pre.status, cors: corsHeaders(pre) }).to.deep.equal({ status: 204, cors: { ...PREFLIGHT_ALLOWED, 'access-control-allow-origin': REFUSED } });
    const res = await ctx.app.get('/api/articles', { Origin: REFUSED });
    expect({ status: res.status, cors: corsHeaders(res) }).to.deep.equal({ status: 200, cors: { ...SIMPLE_ALLOWED, 'access-control-allow-origin': REFUSED } });
  });

  it('takes the origin from a comma-separated string or a function of the request', async () => {
    // one app per form, each on the same database as this block's app
    for (const origin of [`${ALLOWED}, http://other.test`, (c: { get(h: string): string }) => (c.get('X-Tenant') === 'a' ? [ALLOWED] : [])]) {
      const app = await startApp({
        client: ctx.client,
        database: ctx.app.database,
        middlewares: DEFAULT_MIDDLEWARE_LIST.map((name) => (name === 'strapi::cors' ? { name, config: { origin } } : name)),
      });
      try {
        const headers = { Origin: ALLOWED, 'X-Tenant': 'a' };
        expect(corsHeaders(await app.get('/api/articles', headers))).to.deep.equal(SIMPLE_ALLOWED, String(origin));
        expect(corsHeaders(await app.get('/api/articles', { ...headers, Origin: REFUSED }))).to.deep.equal({}, String(origin));
      } finally {
        await app.stop();
      }
    }
  });
});
