/**
 * `listen()` before `start()` (what `platform start` does) opens the port first: while the
 * platform starts, `/_health` and every other path answer the 503 envelope; once it has
 * started, `/_health` is 204 and the API answers. A start that fails closes the port again.
 */
import { expect } from 'chai';
import { BootError, definePlugin, Platform, type DatabaseClient } from '@platform/core';
import { EXAMPLE_APP } from '../helpers/app';
import { createTestDatabase, testClients } from '../helpers/databases';
import { rejectedWith } from '../helpers/boot-error';

const UNAVAILABLE = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Service Unavailable', details: {} } };

/** A plugin whose bootstrap waits until the test lets it go on (or fail). */
function gate() {
  let release!: (error?: Error) => void;
  const opened = new Promise<void>((resolve, reject) => {
    release = (error) => (error ? reject(error) : resolve());
  });
  // released with an error before the start reaches bootstrap: handled there, not unhandled meanwhile
  opened.catch(() => {});
  return { release, plugin: definePlugin({ name: 'gate', bootstrap: () => opened }) };
}

async function whenListening(platform: Platform): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    try {
      return platform.address().url;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  throw new Error('the port never opened');
}

/**
 * A platform on its own database whose start waits at the gate, with `listen()` called first;
 * `fn` gets the open port's URL while the start waits. Everything is torn down after.
 */
async function whileStarting(client: DatabaseClient, fn: (run: { url: string; listening: Promise<unknown>; release: (error?: Error) => void; platform: Platform }) => Promise<void>): Promise<void> {
  const database = await createTestDatabase(client);
  const { release, plugin } = gate();
  const platform = new Platform({ appDir: EXAMPLE_APP, logLevel: 'silent', plugins: [plugin], config: { database: database.config } });
  try {
    const listening = platform.listen(0, '127.0.0.1');
    // a start that fails is asserted by the test; this only keeps it from going unhandled meanwhile
    listening.catch(() => {});
    await fn({ url: await whenListening(platform), listening, release, platform });
  } finally {
    await platform.destroy();
    await database.drop();
  }
}

for (const client of testClients()) {
  describe(`health while starting [${client}]`, function () {
    this.timeout(60000);

    it('answers 503 on every path until the platform has started, then 204 and the API', () =>
      whileStarting(client, async ({ url, listening, release }) => {
        for (const path of ['/_health', '/api/articles']) {
          const res = await fetch(url + path);
          expect({ path, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }).to.deep.equal({ path, status: 503, retryAfter: '1', body: UNAVAILABLE });
        }
        const head = await fetch(`${url}/_health`, { method: 'HEAD' });
        expect({ status: head.status, text: await head.text() }).to.deep.equal({ status: 503, text: '' });
        release();
        await listening;
        expect((await fetch(`${url}/_health`)).status).to.equal(204);
        const list = await fetch(`${url}/api/articles`);
        expect({ status: list.status, body: await list.json() }).to.deep.equal({ status: 200, body: { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } } });
      }));

    it('closes the port again when the start fails', () =>
      whileStarting(client, async ({ url, listening, release, platform }) => {
        release(new Error('no API key'));
        const error = await rejectedWith(listening, BootError);
        expect(error.message).to.equal('Plugin "gate" failed in bootstrap: no API key');
        expect(() => platform.address()).to.throw(BootError, 'not listening');
        await rejectedWith(fetch(`${url}/_health`), TypeError);
      }));
  });
}
