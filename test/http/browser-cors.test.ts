/**
 * A real browser: a page served from another origin fetches the API with headless Chromium
 * (the Debian package `chromium`; .ci/run installs it). The page reports what it got back to
 * the server that served it, so the test reads the browser's own verdict on CORS.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { DEFAULT_MIDDLEWARE_LIST } from '@platform/core';
import { startApp, type TestApp } from '../helpers/app';

const CHROMIUM = 'chromium';
const hasChromium = spawnSync(CHROMIUM, ['--version'], { stdio: 'ignore' }).status === 0;

/** The page: a GET (simple request) and a JSON POST (preflighted) to the API, results posted home. */
function page(api: string): string {
  return `<!doctype html><script>
(async () => {
  const report = (result) => fetch('/report', { method: 'POST', body: JSON.stringify(result) });
  try {
    const list = await fetch('${api}/api/articles');
    const created = await fetch('${api}/api/categories', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: { name: 'from the browser' } }) });
    await report({ list: { status: list.status, body: await list.json() }, created: { status: created.status, name: (await created.json()).data.attributes.name } });
  } catch (error) {
    await report({ blocked: String(error) });
  }
})();
</script>`;
}

/** Serves the page and resolves with the first report the page sends. */
async function pageServer(api: () => string): Promise<{ origin: string; report: Promise<unknown>; close(): Promise<void> }> {
  let deliver!: (value: unknown) => void;
  const report = new Promise<unknown>((resolve) => (deliver = resolve));
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/report') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.end('ok');
        deliver(JSON.parse(body));
      });
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end(page(api()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    report,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function openInChromium(url: string, profile: string): ChildProcess {
  return spawn(CHROMIUM, ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-gpu', '--no-first-run', `--user-data-dir=${profile}`, url], {
    stdio: 'ignore',
    // its own process group, so the browser's helper processes end with it
    detached: true,
  });
}

describe('a browser frontend on another origin', function () {
  this.timeout(60000);
  let app: TestApp;
  let allowedPage: Awaited<ReturnType<typeof pageServer>>;
  let refusedPage: Awaited<ReturnType<typeof pageServer>>;
  const browsers: ChildProcess[] = [];
  const profiles: string[] = [];

  before(async function () {
    if (!hasChromium) {
      // CI installs it (.ci/run): there the test must run, never skip.
      if (process.env.CI) throw new Error('chromium is not installed; .ci/run installs it');
      this.skip();
    }
    allowedPage = await pageServer(() => app.url);
    refusedPage = await pageServer(() => app.url);
    // Only the first page's origin is allowed.
    app = await startApp({
      middlewares: DEFAULT_MIDDLEWARE_LIST.map((name) => (name === 'strapi::cors' ? { name, config: { origin: [allowedPage.origin] } } : name)),
    });
  });

  after(async () => {
    for (const browser of browsers) {
      if (browser.exitCode !== null) continue;
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      if (browser.pid !== undefined) process.kill(-browser.pid, 'SIGKILL');
      await exited;
    }
    for (const profile of profiles) fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    await allowedPage?.close();
    await refusedPage?.close();
    await app?.close();
  });

  const visit = (origin: string) => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-chromium-'));
    profiles.push(profile);
    browsers.push(openInChromium(origin, profile));
  };

  it('reads and writes the API from an allowed origin', async () => {
    visit(allowedPage.origin);
    expect(await allowedPage.report).to.deep.equal({
      list: { status: 200, body: { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } } },
      created: { status: 200, name: 'from the browser' },
    });
  });

  it('is blocked by the browser from a refused origin', async () => {
    visit(refusedPage.origin);
    expect(await refusedPage.report).to.deep.equal({ blocked: 'TypeError: Failed to fetch' });
  });
});
