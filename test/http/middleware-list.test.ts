/**
 * config/middlewares: Strapi v4's list shape, the app's own middlewares (`global::<name>`),
 * plugin middlewares named in the list or placed in code, in the declared order; an existing
 * Strapi v4 file loaded as it is; mistakes stop start-up naming the file.
 */
import { assert, expect } from 'chai';
import { DEFAULT_MIDDLEWARE_LIST, definePlugin, type Middleware } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';
import { exampleAppWith } from '../helpers/app-dir';
import { createTestDatabase, testClients } from '../helpers/databases';

const mark =
  (name: string): Middleware =>
  async (ctx, next) => {
    const order = (ctx.state.order as string[] | undefined) ?? [];
    order.push(name);
    ctx.state.order = order;
    await next();
  };

/** A plugin with a route middleware and two middlewares it places in code. */
const probe = definePlugin({
  name: 'probe',
  middlewares: { second: mark('plugin second') },
  globalMiddlewares: {
    // outside the error handler: it sees the final answer, 404s of unknown paths included
    edge: {
      before: 'strapi::errors',
      middleware: (ctx) => async (koa, next) => {
        await mark(`edge (${ctx.name})`)(koa, async () => {});
        try {
          await next();
        } finally {
          koa.set('X-Edge', String(koa.status));
        }
      },
    },
    late: { middleware: () => mark('plugin late') },
  },
  routes: [{ method: 'GET', path: '/order', config: { auth: false }, handler: (ctx) => ({ order: ctx.state.order }) }],
});

const APP_MIDDLEWARE = `
export default (config: { label: string }, { platform }: { platform: unknown }) => async (ctx: any, next: () => Promise<void>) => {
  (ctx.state.order ??= []).push(\`app \${config.label} \${platform ? 'with platform' : ''}\`);
  await next();
};
`;

for (const client of testClients()) {
  describe(`config/middlewares [${client}]`, function () {
    this.timeout(60000);
    const cleanup: Array<() => unknown> = [];
    after(async () => {
      for (const fn of cleanup.reverse()) await fn();
    });
    const boot = async (files: Record<string, string>, extra: { plugins?: (typeof probe)[] } = {}): Promise<TestApp> => {
      const dir = exampleAppWith(files);
      cleanup.push(dir.remove);
      const app = await startApp({ client, appDir: dir.dir, plugins: extra.plugins });
      cleanup.push(() => app.close());
      return app;
    };

    it('runs app and plugin middlewares in the declared order, plugin-placed ones where they asked', async () => {
      const list = [...DEFAULT_MIDDLEWARE_LIST, { name: 'global::stamp', config: { label: 'first' } }, 'plugin::probe.second'];
      const app = await boot({ 'config/middlewares.ts': `export default ${JSON.stringify(list)};`, 'middlewares/stamp.ts': APP_MIDDLEWARE }, { plugins: [probe] });
      const res = await app.get('/api/probe/order');
      expect({ status: res.status, body: res.body }).to.deep.equal({
        status: 200,
        body: { order: ['edge (probe)', 'app first with platform', 'plugin second', 'plugin late'] },
      });
      expect(res.headers.get('x-edge')).to.equal('200');
      // the middleware placed before the error handler sees unknown paths' 404s too
      const missing = await app.get('/api/nothing');
      expect({ status: missing.status, edge: missing.headers.get('x-edge') }).to.deep.equal({ status: 404, edge: '404' });
    });

    it("puts a plugin's middleware where the app's list names it, not where the plugin asked", async () => {
      const list = ['plugin::probe.late', ...DEFAULT_MIDDLEWARE_LIST, 'plugin::probe.edge'];
      const app = await boot({ 'config/middlewares.js': `module.exports = ${JSON.stringify(list)};` }, { plugins: [probe] });
      expect((await app.get('/api/probe/order')).body).to.deep.equal({ order: ['plugin late', 'edge (probe)'] });
    });

    it('loads an existing Strapi v4 config/middlewares.js as it is', async () => {
      const strapiFile = `module.exports = [
  'strapi::logger',
  'strapi::errors',
  {
    name: 'strapi::security',
    config: {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'connect-src': ["'self'", 'https:'],
          'img-src': ["'self'", 'data:', 'blob:', 'market-assets.strapi.io', 'res.cloudinary.com'],
          'media-src': ["'self'", 'data:', 'blob:', 'market-assets.strapi.io', 'res.cloudinary.com'],
          upgradeInsecureRequests: null,
        },
      },
    },
  },
  {
    name: 'strapi::cors',
    config: { origin: ['http://localhost:3000'], methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'], headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'], keepHeaderOnError: true },
  },
  'strapi::poweredBy',
  'strapi::query',
  {
    name: 'strapi::body',
    config: { formLimit: '256mb', jsonLimit: '256mb', textLimit: '256mb', formidable: { maxFileSize: 250 * 1024 * 1024 } },
  },
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
];
`;
      const app = await boot({ 'config/middlewares.js': strapiFile });
      const res = await app.get('/api/articles', { Origin: 'http://localhost:3000' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('access-control-allow-origin')).to.equal('http://localhost:3000');
      expect(res.headers.get('content-security-policy')).to.include("img-src 'self' data: blob: market-assets.strapi.io res.cloudinary.com");
      // jsonLimit 256mb: a 2 MiB body (over the default 1mb) reaches the route
      const big = await app.post('/api/categories', { data: { name: 'big' }, padding: 'x'.repeat(2 * 1024 * 1024) });
      expect({ status: big.status, name: big.body.data?.attributes.name }).to.deep.equal({ status: 200, name: 'big' });
    });
  });
}

describe('config/middlewares mistakes', function () {
  this.timeout(60000);
  const cases: Array<[string, Record<string, string>, string]> = [
    [
      'an unknown name',
      { 'config/middlewares.js': `module.exports = [...${JSON.stringify(DEFAULT_MIDDLEWARE_LIST)}, 'strapi::compresion'];` },
      'config/middlewares.js: unknown middleware "strapi::compresion"',
    ],
    [
      'a name listed twice',
      { 'config/middlewares.js': `module.exports = [...${JSON.stringify(DEFAULT_MIDDLEWARE_LIST)}, 'strapi::cors'];` },
      'config/middlewares.js: middleware "strapi::cors" is listed twice',
    ],
    [
      'a list without the error handler',
      { 'config/middlewares.js': `module.exports = ['strapi::query', 'strapi::body'];` },
      'config/middlewares.js: "strapi::errors" is missing; the Content API needs it',
    ],
    [
      'an app middleware without its file',
      { 'config/middlewares.js': `module.exports = [...${JSON.stringify(DEFAULT_MIDDLEWARE_LIST)}, 'global::nope'];` },
      'config/middlewares.js: middleware "global::nope" has no file middlewares/nope.ts (or .js)',
    ],
    [
      'an entry that is neither a name nor an object',
      { 'config/middlewares.js': `module.exports = [...${JSON.stringify(DEFAULT_MIDDLEWARE_LIST)}, 42];` },
      'config/middlewares.js: entry 10 must be a name or { name, config }, got 42',
    ],
    ['a file that is not a list', { 'config/middlewares.js': `module.exports = { cors: true };` }, 'must export an array or a function of { env } returning an array'],
  ];
  for (const [what, files, message] of cases) {
    it(`stops start-up on ${what}, naming the file`, async () => {
      const dir = exampleAppWith(files);
      const database = await createTestDatabase('sqlite');
      try {
        const error = await startApp({ appDir: dir.dir, database }).then(
          () => null,
          (e: Error & { code?: string }) => e,
        );
        assert.exists(error, 'start-up should fail');
        expect(error.message.endsWith(message), error.message).to.equal(true);
        expect(error.code).to.equal(message.startsWith('must export') ? 'CONFIG_FILE' : 'CONFIG_MIDDLEWARES');
      } finally {
        dir.remove();
        await database.drop();
      }
    });
  }
});
