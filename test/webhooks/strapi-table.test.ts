/**
 * A Strapi v4 database's webhooks keep firing: its `strapi_webhooks` table, made by Strapi
 * (the layout document's DDL, SQLite), is served as it is, its enabled rows fire with their
 * headers, and the table's definition is left exactly as Strapi made it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import knexFactory from 'knex';
import { startApp, type TestApp } from '../helpers/app';
import type { TestDatabase } from '../helpers/databases';
import { startReceiver, type Receiver } from './receiver';
import { FAST, receivedCount, settled } from './helpers';

const STRAPI_DDL =
  'CREATE TABLE `strapi_webhooks` (`id` integer not null primary key autoincrement, `name` varchar(255) null, `url` text null, `headers` json null, `events` json null, `enabled` boolean null)';

describe("webhooks: a Strapi database's strapi_webhooks [sqlite]", function () {
  this.timeout(60000);
  let dir: string;
  let receiver: Receiver;
  let app: TestApp | null = null;

  before(async () => {
    receiver = await startReceiver();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-strapi-webhooks-'));
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: path.join(dir, 'data.db') }, useNullAsDefault: true });
    try {
      await knex.raw(STRAPI_DDL);
      // as Strapi's admin writes them: json as text, booleans as 1 and 0
      await knex('strapi_webhooks').insert([
        { name: 'Netlify build', url: `${receiver.url}/build`, headers: '{"X-From":"strapi"}', events: '["entry.create","entry.publish"]', enabled: 1 },
        { name: 'Paused', url: `${receiver.url}/paused`, headers: '{}', events: '["entry.create"]', enabled: 0 },
      ]);
    } finally {
      await knex.destroy();
    }
  });

  after(async () => {
    await app?.close();
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fires the enabled rows with their headers, and leaves the table as Strapi made it', async () => {
    const database: TestDatabase = {
      client: 'sqlite',
      name: path.join(dir, 'data.db'),
      config: { connection: { client: 'sqlite', connection: { filename: path.join(dir, 'data.db') } } },
      drop: async () => {},
    };
    app = await startApp({ client: 'sqlite', database, config: { plugins: { webhooks: { config: FAST } } } });
    await app.post('/api/tags', { data: { name: 'from a Strapi database' } });
    await receivedCount(receiver, 1);
    await settled(app);
    expect(receiver.received.map((r) => [r.path, r.body.event, r.body.entry.name, r.headers['x-from']])).to.deep.equal([['/build', 'entry.create', 'from a Strapi database', 'strapi']]);
    const [table] = await app.knex('sqlite_master').where({ type: 'table', name: 'strapi_webhooks' }).select('sql');
    expect(table.sql).to.equal(STRAPI_DDL);
    expect((await app.get('/api/tags')).status).to.equal(200);
  });
});
