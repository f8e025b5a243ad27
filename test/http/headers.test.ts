/**
 * The headers every answer carries: security headers (koa-helmet with Strapi v4's defaults,
 * changed by `strapi::security` config), `X-Powered-By`, and the request id.
 */
import { expect } from 'chai';
import { DEFAULT_MIDDLEWARE_LIST } from '@platform/core';
import { describeEachDatabase, type HttpResponse } from '../helpers/app';

const DEFAULT_CSP =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;" +
  "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';connect-src 'self' https:;media-src 'self' data: blob:";

const SECURITY_DEFAULTS = {
  'content-security-policy': DEFAULT_CSP,
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-powered-by': 'platform',
};

/** Every header but those that change per request or per body. */
function stableHeaders(res: HttpResponse): Record<string, string> {
  const varying = new Set(['date', 'connection', 'keep-alive', 'content-length', 'x-request-id', 'vary']);
  return Object.fromEntries([...res.headers].filter(([name]) => !varying.has(name)));
}

describeEachDatabase('security headers (defaults)', (ctx) => {
  for (const [what, path, status] of [
    ['a content answer', '/api/articles', 200],
    ['an unknown path', '/api/nothing', 404],
    ['an error answer', '/api/articles?sort=title:sideways', 400],
  ] as const) {
    it(`are on ${what}`, async () => {
      const res = await ctx.app.get(path);
      expect(res.status).to.equal(status);
      expect(stableHeaders(res)).to.deep.equal({ ...SECURITY_DEFAULTS, 'content-type': 'application/json; charset=utf-8' });
    });
  }

  it('gives every answer a request id, and echoes a sane one the client sent', async () => {
    const generated = await ctx.app.get('/api/articles');
    expect(generated.headers.get('x-request-id')).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const other = await ctx.app.get('/api/articles');
    expect(other.headers.get('x-request-id')).to.not.equal(generated.headers.get('x-request-id'));
    const echoed = await ctx.app.get('/api/nothing', { 'X-Request-Id': 'lb-42.abc' });
    expect(echoed.headers.get('x-request-id')).to.equal('lb-42.abc');
    // a header that could forge a log line is replaced
    const hostile = await ctx.app.get('/api/articles', { 'X-Request-Id': 'a b" injected' });
    expect(hostile.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
  });
});

describeEachDatabase(
  'security headers (configured)',
  (ctx) => {
    it("follow strapi::security's config: a header off, one changed, a CSP directive added; poweredBy changed", async () => {
      const res = await ctx.app.get('/api/articles');
      expect(res.status).to.equal(200);
      const { 'x-frame-options': _frame, 'strict-transport-security': _hsts, 'content-security-policy': _csp, ...rest } = SECURITY_DEFAULTS;
      void _frame;
      void _hsts;
      void _csp;
      expect(stableHeaders(res)).to.deep.equal({
        ...rest,
        'content-type': 'application/json; charset=utf-8',
        'content-security-policy': DEFAULT_CSP.replace("img-src 'self' data: blob:", "img-src 'self' data: blob: https://cdn.example.com"),
        'strict-transport-security': 'max-age=600',
        'x-xss-protection': '0',
        'x-powered-by': 'my site',
      });
    });
  },
  {
    middlewares: DEFAULT_MIDDLEWARE_LIST.map((name) => {
      if (name === 'strapi::security') {
        return {
          name,
          config: {
            frameguard: false,
            hsts: { maxAge: 600, includeSubDomains: false },
            xssFilter: true,
            contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:', 'https://cdn.example.com'] } },
          },
        };
      }
      return name === 'strapi::poweredBy' ? { name, config: { poweredBy: 'my site' } } : name;
    }),
  },
);
