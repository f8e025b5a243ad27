/**
 * When the database stops answering while the server runs, requests get the 500 envelope with
 * no details (nothing of the driver's error reaches the client) and the error is logged.
 */
import { expect } from 'chai';
import { Platform, type Logger } from '@platform/core';
import { EXAMPLE_APP, withoutUnnamedAuthPlugins } from '../helpers/app';
import { createTestDatabase, testClients } from '../helpers/databases';

for (const client of testClients()) {
  describe(`database down while serving [${client}]`, function () {
    this.timeout(60000);

    it('answers 500 InternalServerError without details and logs the cause', async () => {
      const errors: string[] = [];
      const logger: Logger = { error: (message) => errors.push(message), warn: () => {}, info: () => {}, http: () => {}, debug: () => {} };
      const database = await createTestDatabase(client);
      const platform = new Platform({ appDir: EXAMPLE_APP, env: { ...process.env }, logger, config: withoutUnnamedAuthPlugins({ database: database.config }) });
      try {
        await platform.start();
        await platform.listen(0, '127.0.0.1');
        const { url } = platform.address();
        expect((await fetch(`${url}/api/tags`)).status).to.equal(200);
        await platform.db.knex.destroy();
        for (const [method, path] of [
          ['GET', '/api/tags'],
          ['POST', '/api/tags'],
        ] as const) {
          const res = await fetch(`${url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? JSON.stringify({ data: { name: 'x' } }) : undefined });
          expect(res.status, method).to.equal(500);
          expect(await res.json(), method).to.deep.equal({ data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
        }
        expect(errors).to.have.length(2);
        expect(errors[0]).to.match(/^GET \/api\/tags failed/);
      } finally {
        await platform.destroy().catch(() => {});
        await database.drop();
      }
    });
  });
}
