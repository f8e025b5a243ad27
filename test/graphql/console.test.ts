/**
 * The GraphQL console: GraphiQL at the endpoint for a browser's GET, its assets served from the
 * installed packages, on everywhere but production (there only with `playgroundAlways`); a real
 * headless Chromium loads it under the default security headers and runs a query through it.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { assert, expect } from 'chai';
import { describeEachDatabase, startApp, type TestApp } from '../helpers/app';
import { hasChromium, launchChromium, type Browser } from '../helpers/chromium';
import { startAuthApp } from '../users-permissions/helpers';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const PAGE = [
  '<!doctype html>',
  '<html lang="en">',
  '<head>',
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width, initial-scale=1">',
  '<title>GraphQL console</title>',
  '<link rel="icon" href="data:,">',
  '<link rel="stylesheet" href="/graphql/console/graphiql.css">',
  '</head>',
  '<body>',
  '<div id="graphiql" data-endpoint="/graphql">Loading the GraphQL console...</div>',
  '<script src="/graphql/console/react.js"></script>',
  '<script src="/graphql/console/react-dom.js"></script>',
  '<script src="/graphql/console/graphiql.js"></script>',
  '<script src="/graphql/console/start.js"></script>',
  '</body>',
  '</html>',
  '',
].join('\n');

const installed = (pkg: string, file: string) => fs.readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file));

async function rawGet(app: TestApp, urlPath: string, accept: string): Promise<{ status: number; type: string | null; csp: string | null; body: Buffer }> {
  const res = await fetch(app.url + urlPath, { headers: { accept } });
  return { status: res.status, type: res.headers.get('content-type'), csp: res.headers.get('content-security-policy'), body: Buffer.from(await res.arrayBuffer()) };
}

describeEachDatabase('GraphQL console (not production)', (ctx) => {
  it('a browser GET of the endpoint gets the GraphiQL page, under the default security headers', async () => {
    const res = await rawGet(ctx.app, '/graphql', BROWSER_ACCEPT);
    expect(res.status).to.equal(200);
    expect(res.type).to.equal('text/html; charset=utf-8');
    // no exception for the console: scripts from the API's own origin only
    expect(res.csp?.split(';')).to.include("script-src 'self'");
    expect(res.body.toString()).to.equal(PAGE);
  });

  it('serves the installed bundles of GraphiQL and React 18, and nothing else under /console', async () => {
    for (const [asset, pkg, file, type] of [
      ['react.js', 'react', 'umd/react.production.min.js', 'application/javascript; charset=utf-8'],
      ['react-dom.js', 'react-dom', 'umd/react-dom.production.min.js', 'application/javascript; charset=utf-8'],
      ['graphiql.js', 'graphiql', 'graphiql.min.js', 'application/javascript; charset=utf-8'],
      ['graphiql.css', 'graphiql', 'graphiql.min.css', 'text/css; charset=utf-8'],
    ] as const) {
      const res = await rawGet(ctx.app, `/graphql/console/${asset}`, '*/*');
      expect(res.status, asset).to.equal(200);
      expect(res.type, asset).to.equal(type);
      expect(res.body.equals(installed(pkg, file)), asset).to.equal(true);
    }
    const missing = await ctx.app.get('/graphql/console/package.json');
    expect(missing.status).to.equal(404);
    expect(missing.body).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  });

  it('clients that ask for JSON still get GraphQL answers on GET', async () => {
    const res = await ctx.app.get('/graphql?query=%7B__typename%7D', { accept: '*/*' });
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ data: { __typename: 'Query' } });
    const both = await ctx.app.get('/graphql?query=%7B__typename%7D', { accept: 'application/json, text/html' });
    expect(both.body).to.deep.equal({ data: { __typename: 'Query' } });
  });

  describe('in headless Chromium', () => {
    let browser: Browser | undefined;

    before(async function () {
      if (!hasChromium) {
        // CI installs it (.ci/run): there the test must run, never skip.
        if (process.env.CI) throw new Error('chromium is not installed; .ci/run installs it');
        this.skip();
      }
      await ctx.app.post('/api/categories', { data: { name: 'from the console' } });
      browser = await launchChromium();
    });

    after(async () => {
      await browser?.close();
    });

    it('loads the console, runs a query typed in it and shows the answer, with no CSP violation', async () => {
      assert.exists(browser, 'launched in before()');
      const page = browser;
      await page.open(`${ctx.app.url}/graphql`);
      await page.waitFor("document.querySelector('.graphiql-query-editor .CodeMirror') !== null");
      await page.evaluate("document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.setValue('{ categories { data { attributes { name } } } }')");
      await page.evaluate("document.querySelector('.graphiql-execute-button').click()");
      const shown = await page.waitFor<string>("document.querySelector('.graphiql-response .CodeMirror').CodeMirror.getValue()");
      expect(JSON.parse(shown)).to.deep.equal({ data: { categories: { data: [{ attributes: { name: 'from the console' } }] } } });
      expect(page.problems()).to.deep.equal([]);
    });
  });
});

describe('GraphQL console with users-permissions on', function () {
  this.timeout(60000);
  it('opens without credentials: the page and its assets are public, as the endpoint is', async () => {
    const app = await startAuthApp('sqlite');
    try {
      const page = await rawGet(app, '/graphql', BROWSER_ACCEPT);
      expect({ status: page.status, body: page.body.toString() }).to.deep.equal({ status: 200, body: PAGE });
      expect((await rawGet(app, '/graphql/console/graphiql.css', '*/*')).status).to.equal(200);
    } finally {
      await app.close();
    }
  });
});

describe('GraphQL console at a configured endpoint', function () {
  this.timeout(60000);
  it('the page points at that endpoint and its assets are served under it', async () => {
    const app = await startApp({ config: { plugins: { graphql: { config: { endpoint: '/api/gql' } } } } });
    try {
      const page = await rawGet(app, '/api/gql', BROWSER_ACCEPT);
      expect(page.body.toString()).to.equal(PAGE.replaceAll('/graphql', '/api/gql'));
      expect((await rawGet(app, '/api/gql/console/start.js', '*/*')).status).to.equal(200);
      expect((await rawGet(app, '/graphql/console/start.js', '*/*')).status).to.equal(404);
    } finally {
      await app.close();
    }
  });
});

describe('GraphQL console with compression on', function () {
  this.timeout(60000);
  it('its script is sent compressed to a browser that accepts gzip', async () => {
    const app = await startApp({ env: { COMPRESSION: 'true' } });
    try {
      const res = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get(`${app.url}/graphql/console/graphiql.js`, { headers: { 'accept-encoding': 'gzip' } }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
      expect(res.encoding).to.equal('gzip');
      expect(res.body.length).to.be.below(installed('graphiql', 'graphiql.min.js').length / 3);
      expect(zlib.gunzipSync(res.body).equals(installed('graphiql', 'graphiql.min.js'))).to.equal(true);
    } finally {
      await app.close();
    }
  });
});

describe('GraphQL console in production', function () {
  this.timeout(60000);
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is off: a browser GET gets what graphql-http answers, the assets are not served', async () => {
    app = await startApp({ env: { NODE_ENV: 'production' } });
    const res = await rawGet(app, '/graphql', BROWSER_ACCEPT);
    expect({ status: res.status, type: res.type, body: res.body.toString() }).to.deep.equal({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({ errors: [{ message: 'Missing query', extensions: { code: 'BAD_REQUEST' } }] }),
    });
    expect((await rawGet(app, '/graphql/console/graphiql.js', '*/*')).status).to.equal(404);
  });

  it('is on with playgroundAlways', async () => {
    app = await startApp({ env: { NODE_ENV: 'production' }, config: { plugins: { graphql: { config: { playgroundAlways: true } } } } });
    const res = await rawGet(app, '/graphql', BROWSER_ACCEPT);
    expect(res.status).to.equal(200);
    expect(res.body.toString()).to.equal(PAGE);
    expect((await rawGet(app, '/graphql/console/start.js', '*/*')).status).to.equal(200);
  });
});
