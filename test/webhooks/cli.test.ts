/**
 * `platform webhooks list|create|trigger|deliveries` run as a user runs it (the real binary, in a
 * child process) on the example app with a test database: a webhook created on the command line
 * is delivered to by a server on the same database, its signed test event verifies, and the
 * deliveries are listed with their status and times. Mistakes are usage errors (exit 2) or
 * refusals (exit 1) that say what is wrong.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { EXAMPLE_APP, startApp, type TestApp } from '../helpers/app';
import { createTestDatabase, testClients, type TestDatabase } from '../helpers/databases';
import { startReceiver, type Receiver } from './receiver';
import { FAST, receivedCount, settled } from './helpers';

const BIN = path.join(EXAMPLE_APP, 'core', 'bin', 'platform.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function platform(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args, '--app', EXAMPLE_APP], { cwd: EXAMPLE_APP, env: { ...process.env, LOG_LEVEL: '', NODE_ENV: '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

function databaseEnv(database: TestDatabase): NodeJS.ProcessEnv {
  const { connection } = database.config.connection;
  return database.client === 'sqlite'
    ? { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: String(connection.filename) }
    : { DATABASE_CLIENT: database.client, DATABASE_NAME: database.name, DATABASE_PORT: String(connection.port) };
}

for (const client of testClients()) {
  describe(`platform webhooks [${client}]`, function () {
    this.timeout(120000);
    let database: TestDatabase;
    let receiver: Receiver;
    let env: NodeJS.ProcessEnv;
    let app: TestApp | null = null;

    before(async () => {
      database = await createTestDatabase(client);
      receiver = await startReceiver();
      env = { ...databaseEnv(database), API_TOKEN_SALT: 'cli-test-salt', JWT_SECRET: 'cli-test-jwt-secret' };
    });

    after(async () => {
      await app?.close();
      await receiver?.close();
      await database?.drop();
    });

    it('create --sign, list, trigger, then deliveries of what a server on the same database delivered', async () => {
      const created = await platform(
        ['webhooks', 'create', '--name', 'site', '--url', `${receiver.url}/cli`, '--events', 'entry.create,entry.publish', '--headers', '{"X-Site":"blog"}', '--sign', '--json'],
        env,
      );
      expect(created.code, created.stderr).to.equal(0);
      const webhook = JSON.parse(created.stdout.trim().split('\n').at(-1) ?? '');
      expect(webhook).to.deep.equal({
        id: 1,
        name: 'site',
        url: `${receiver.url}/cli`,
        headers: { 'X-Site': 'blog' },
        events: ['entry.create', 'entry.publish'],
        isEnabled: true,
        secret: webhook.secret,
      });
      expect(webhook.secret).to.match(/^whsec_[A-Za-z0-9+/]{32}$/);

      const listed = await platform(['webhooks', 'list', '--json'], env);
      expect(JSON.parse(listed.stdout.trim())).to.deep.equal([
        { id: 1, name: 'site', url: `${receiver.url}/cli`, events: ['entry.create', 'entry.publish'], headers: { 'X-Site': 'blog' }, enabled: true, signed: true, source: 'database' },
      ]);
      const table = await platform(['webhooks', 'list'], env);
      expect(table.stdout.split('\n')[0]).to.match(/^id\s+name\s+url\s+events\s+enabled\s+signed\s+source$/);

      const triggered = await platform(['webhooks', 'trigger', 'site'], env);
      expect(triggered.code, triggered.stderr).to.equal(0);
      expect(triggered.stdout.trim()).to.equal(`trigger-test to ${receiver.url}/cli: 200`);
      const [test] = receiver.received;
      expect(test?.body.event).to.equal('trigger-test');
      expect(test?.headers['x-site']).to.equal('blog');
      const headers = {
        'webhook-id': String(test?.headers['webhook-id']),
        'webhook-timestamp': String(test?.headers['webhook-timestamp']),
        'webhook-signature': String(test?.headers['webhook-signature']),
      };
      expect(new StandardWebhook(webhook.secret).verify(test?.raw ?? '', headers)).to.deep.equal(test?.body);

      app = await startApp({ client, database, config: { plugins: { webhooks: { config: FAST } } } });
      await app.post('/api/tags', { data: { name: 'from the server' } });
      await receivedCount(receiver, 2);
      const [row] = await settled(app);
      await app.stop();
      app = null;

      const deliveries = await platform(['webhooks', 'deliveries', '--webhook', '1', '--json'], env);
      const [record] = JSON.parse(deliveries.stdout.trim());
      expect(record).to.include({ id: row?.id, webhook: 'db:1', event: 'entry.create', entryKey: 'api::tag.tag:1', state: 'delivered', attempts: 1, lastStatus: 200, lastError: null });
      expect(record.createdAt).to.be.a('number');
      expect(record.finishedAt).to.be.at.least(record.createdAt);
      const text = await platform(['webhooks', 'deliveries', '--state', 'delivered'], env);
      expect(text.stdout.split('\n')[1]).to.match(new RegExp(`^${row?.id}\\s+db:1\\s+entry\\.create\\s+api::tag\\.tag:1\\s+delivered\\s+1\\s+200\\s+\\d{4}-`));
    });

    it('says what is wrong', async () => {
      const ftp = await platform(['webhooks', 'create', '--name', 'x', '--url', 'ftp://example.com/', '--events', 'entry.create'], env);
      expect({ code: ftp.code, stderr: ftp.stderr.trim() }).to.deep.equal({
        code: 2,
        stderr: 'platform: webhooks create: url must be an http:// or https:// URL, not ftp: (platform webhooks --help)',
      });
      const self = await platform(['webhooks', 'create', '--name', 'x', '--url', 'http://127.0.0.1:1337/api', '--events', 'entry.create'], env);
      expect(self.code).to.equal(1);
      expect(self.stderr).to.include('url points at this server itself (127.0.0.1 port 1337)');
      const state = await platform(['webhooks', 'deliveries', '--state', 'done'], env);
      expect({ code: state.code, stderr: state.stderr.trim() }).to.deep.equal({
        code: 2,
        stderr: 'platform: webhooks deliveries: --state must be pending, delivered or failed, got "done" (platform webhooks --help)',
      });
      const unknown = await platform(['webhooks', 'trigger', '999'], env);
      expect(unknown.code).to.equal(1);
      expect(unknown.stderr).to.include('no webhook has the id or name "999"');
    });
  });
}
