/**
 * `listen()` before `start()` (what `platform start` does) opens the port first: while the
 * platform starts, `/_health` and every other path answer the 503 envelope; once it has
 * started, `/_health` is 204 and the API answers. A start that fails closes the port again.
 */
import { expect } from 'chai';
import { BootError, definePlugin, Platform } from '@platform/core';
import { EXAMPLE_APP } from '../helpers/app';
import { createTestDatabase, testClients } from '../helpers/databases';

const UNAVAILABLE = { data: null, error: { status: 503, name: 'ServiceUnavailableError', message: 'Service Unavailable', details: {} } };

/** A plugin whose bootstrap waits until the test lets it go on (or fail). */
function gate() {
  let release!: (error?: Error) => void;
  const opened = new Promise<void>((resolve, reject) => {
    release = (error) => (error ? reject(error) : resolve());
  });
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

for (const client of testClients()) {
  describe(`health while starting [${client}]`, function () {
    this.timeout(60000);

    it('answers 503 on every path until the platform has started, then 204 and the API', async () => {
      const database = await createTestDatabase(client);
      const { release, plugin } = gate();
      const platform = new Platform({ appDir: EXAMPLE_APP, logLevel: 'silent', plugins: [plugin], config: { database: database.config } });
      try {
        const listening = platform.listen(0, '127.0.0.1');
        const url = await whenListening(platform);
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
      } finally {
        await platform.destroy();
        await database.drop();
      }
    });

    it('closes the port again when the start fails', async () => {
      const database = await createTestDatabase(client);
      const { release, plugin } = gate();
      const platform = new Platform({ appDir: EXAMPLE_APP, logLevel: 'silent', plugins: [plugin], config: { database: database.config } });
      try {
        const listening = platform.listen(0, '127.0.0.1');
        const url = await whenListening(platform);
        release(new Error('no API key'));
        let caught: unknown;
        try {
          await listening;
        } catch (error) {
          caught = error;
        }
        expect(caught).to.be.instanceOf(BootError);
        expect((caught as BootError).message).to.equal('Plugin "gate" failed in bootstrap: no API key');
        expect(() => platform.address()).to.throw(BootError, 'not listening');
        let refused: unknown;
        try {
          await fetch(`${url}/_health`);
        } catch (error) {
          refused = error;
        }
        expect(refused).to.be.instanceOf(TypeError);
      } finally {
        await platform.destroy();
        await database.drop();
      }
    });
  });
}
