/**
 * `platform api-token ...` run as a user runs it (the real binary, in a child process): on the
 * example app with a test database of each client, against a server started on the same
 * database (a revoke on the command line reaches the running server at its next refresh); its
 * usage mistakes; and in an app folder without a salt, where the first command writes one to
 * `.env` that the server then reads.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { assert, expect } from 'chai';
import { EXAMPLE_APP, startApp } from '../helpers/app';
import { createTestDatabase, databaseEnv, testClients, type TestDatabase } from '../helpers/databases';
import { bearer, eventually, SALT, startTokenApp, strapiAccessKey, tokenAppOptions } from './token-helpers';

const BIN = path.join(EXAMPLE_APP, 'core', 'bin', 'platform.js');
const KERNEL_APP = path.join(EXAMPLE_APP, 'test', 'fixtures', 'kernel-app');
const DAY = 24 * 60 * 60 * 1000;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment a user's shell would have, without this test process's secrets. */
function shellEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { API_TOKEN_SALT: _salt, JWT_SECRET: _jwt, ...inherited } = process.env;
  return { ...inherited, LOG_LEVEL: '', NODE_ENV: '', ...extra };
}

function platform(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    // from the repository, as `npx platform` runs: an app folder without a package.json gets its plugins
    execFile(process.execPath, [BIN, ...args], { cwd: EXAMPLE_APP, env: shellEnv(env) }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

describe('platform api-token', function () {
  this.timeout(120000);

  for (const client of testClients()) {
    describe(`on the example app [${client}]`, () => {
      let database: TestDatabase;
      let env: NodeJS.ProcessEnv;
      before(async () => {
        database = await createTestDatabase(client);
        // every secret the example app's plugins ask for is set: nothing is written into the repository
        env = { ...databaseEnv(database), API_TOKEN_SALT: SALT, JWT_SECRET: 'cli-test-jwt-secret', ADMIN_JWT_SECRET: 'cli-test-admin-secret' };
      });
      after(async () => {
        await database?.drop();
      });

      it('create, list and revoke, seen by a server running on the same database', async () => {
        const json = await platform(['api-token', 'create', '--name', 'ci', '--type', 'read-only', '--json', '--app', EXAMPLE_APP], env);
        expect(json.code, json.stderr).to.equal(0);
        const ci = JSON.parse(json.stdout) as { id: number; name: string; type: string; accessKey: string };
        expect(Object.keys(ci)).to.deep.equal(['id', 'name', 'type', 'accessKey']);
        expect(ci).to.include({ name: 'ci', type: 'read-only' });
        expect(ci.accessKey).to.match(/^[0-9a-f]{256}$/);

        const plain = await platform(
          ['api-token', 'create', '--app', EXAMPLE_APP, '--name', 'deploy', '--type', 'custom', '--permissions', 'api::category.category.find,api::category.category.create', '--duration', '30'],
          env,
        );
        expect(plain.code, plain.stderr).to.equal(0);
        const deploySecret = lastLine(plain.stdout);
        expect(deploySecret).to.match(/^[0-9a-f]{256}$/);
        expect(plain.stdout).to.match(/^Created API token \d+ "deploy" \(custom, expires \d{4}-\d\d-\d\dT[\d:.]+Z\)\. Its secret is shown only now:\n[0-9a-f]{256}\n$/);

        const listed = await platform(['api-token', 'list', '--json', '--app', EXAMPLE_APP], env);
        const tokens = JSON.parse(listed.stdout) as Array<{ id: number; name: string; type: string; permissions: string[]; lifespan: number | null; expiresAt: string | null; createdAt: string }>;
        expect(tokens.map((t) => ({ name: t.name, type: t.type, permissions: t.permissions, lifespan: t.lifespan }))).to.deep.equal([
          { name: 'ci', type: 'read-only', permissions: [], lifespan: null },
          { name: 'deploy', type: 'custom', permissions: ['api::category.category.find', 'api::category.category.create'], lifespan: 30 * DAY },
        ]);
        const [, deploy] = tokens;
        assert.exists(deploy);
        expect(new Date(deploy.expiresAt ?? Number.NaN).getTime() - new Date(deploy.createdAt).getTime()).to.equal(30 * DAY);
        expect(listed.stdout).to.not.include(ci.accessKey).and.not.include(deploySecret);
        const table = await platform(['api-token', 'list', '--app', EXAMPLE_APP], env);
        expect(table.stdout.split('\n')[0]).to.match(/^id\s+name\s+type\s+expires\s+last used\s+created$/);
        expect(table.stdout).to.match(new RegExp(`\\n${ci.id}\\s+ci\\s+read-only\\s+never\\s+never\\s+\\d{4}-`));

        const app = await startTokenApp({ database, config: { refreshInterval: 100 } });
        try {
          expect((await app.knex('strapi_api_tokens').where('id', ci.id).first()).access_key).to.equal(strapiAccessKey(SALT, ci.accessKey));
          expect((await app.get('/api/categories', bearer(ci.accessKey))).status).to.equal(200);
          expect((await app.post('/api/categories', { data: { name: 'ci' } }, bearer(ci.accessKey))).status).to.equal(403);
          expect((await app.post('/api/categories', { data: { name: 'deploy' } }, bearer(deploySecret))).status).to.equal(200);

          const revoked = await platform(['api-token', 'revoke', String(ci.id), '--app', EXAMPLE_APP], env);
          expect(revoked.code, revoked.stderr).to.equal(0);
          expect(revoked.stdout).to.equal(`Revoked API token ${ci.id} "ci" (read-only, never expires).\n`);
          await eventually(async () => (await app.get('/api/categories', bearer(ci.accessKey))).status === 401);
          expect((await app.get('/api/categories', bearer(deploySecret))).status).to.equal(200);
        } finally {
          await app.stop();
        }

        // what the API would refuse with a 4xx: its message on the last line of stderr, exit code 1
        const refusals = await Promise.all([
          platform(['api-token', 'create', '--name', 'deploy', '--type', 'read-only', '--app', EXAMPLE_APP], env),
          platform(['api-token', 'revoke', String(ci.id), '--app', EXAMPLE_APP], env),
          platform(['api-token', 'create', '--name', 'x', '--type', 'custom', '--permissions', 'api::nothing.nothing.find', '--app', EXAMPLE_APP], env),
        ]);
        expect(refusals.map((run) => ({ code: run.code, stdout: run.stdout, error: lastLine(run.stderr) }))).to.deep.equal([
          { code: 1, stdout: '', error: 'platform: api-token: Name already taken' },
          { code: 1, stdout: '', error: `platform: api-token: API token ${ci.id} not found` },
          { code: 1, stdout: '', error: 'platform: api-token: Unknown permissions provided: api::nothing.nothing.find' },
        ]);
      });

      it('a token the command makes while the server runs works on its first request, without waiting for the periodic look', async () => {
        const app = await startTokenApp({ database, config: { refreshInterval: 0 } });
        try {
          const made = await platform(['api-token', 'create', '--name', 'late', '--type', 'read-only', '--json', '--app', EXAMPLE_APP], env);
          expect(made.code, made.stderr).to.equal(0);
          const { accessKey } = JSON.parse(made.stdout) as { accessKey: string };
          const { result, count, queries } = await app.countQueries(() => app.get('/api/categories', bearer(accessKey)));
          expect(result.status).to.equal(200);
          // the fingerprint that found the change, the reload (its fingerprint, the tokens, their
          // permissions), the first use written, and the list itself: its rows, and its count but
          // on SQLite, where the count runs after the rows and an empty first page needs none
          const list = client === 'sqlite' ? ['select'] : ['select', 'select'];
          expect(queries.map((q) => q.sql.split(' ')[0])).to.deep.equal(['select', 'select', 'select', 'select', 'update', ...list]);
          expect(count).to.equal(5 + list.length);
          // a secret of the right shape that is no token: one fingerprint query, then the JWT strategy's 401
          const unknown = await app.countQueries(() => app.get('/api/categories', bearer('ab'.repeat(128))));
          expect([unknown.result.status, unknown.count]).to.deep.equal([401, 1]);
        } finally {
          await app.stop();
        }
      });
    });
  }

  it('a usage mistake is one line and exit code 2, before the app starts; --help prints the usage', async () => {
    const env = { API_TOKEN_SALT: SALT, JWT_SECRET: 'cli-test-jwt-secret', DATABASE_FILENAME: path.join(os.tmpdir(), `never-created-${process.pid}.db`) };
    const cases: Array<[string[], string]> = [
      [['create', '--type', 'read-only'], 'api-token create: --name is required'],
      [['create', '--name', 'x'], 'api-token create: --type is required (read-only, full-access, custom)'],
      [['create', '--name', 'x', '--type', 'admin'], 'api-token create: --type must be one of read-only, full-access, custom, got "admin"'],
      [['create', '--name', 'x', '--type', 'custom'], 'api-token create: a custom token needs --permissions'],
      [['create', '--name', 'x', '--type', 'read-only', '--permissions', 'a'], "api-token create: --permissions is for custom tokens; a read-only token has its type's permissions"],
      [['create', '--name', 'x', '--type', 'read-only', '--duration', '14'], 'api-token create: --duration must be one of 7, 30, 90 (days), got "14"'],
      [['create', '--name', 'x', '--type', 'read-only', '--colour', 'red'], 'api-token create: unknown option "--colour"'],
      [['revoke'], 'api-token revoke: missing <id>'],
      [['revoke', 'abc'], 'api-token revoke: <id> must be a token id (a positive whole number), got "abc"'],
      [['list', 'all'], 'api-token list: unexpected argument "all"'],
      [['delete', '1'], 'api-token: unknown action "delete" (create, list, revoke or regenerate)'],
      [[], 'api-token: which action? create, list, revoke or regenerate'],
    ];
    const runs = await Promise.all(cases.map(([args]) => platform(['api-token', ...args, '--app', EXAMPLE_APP], env)));
    expect(runs).to.deep.equal(cases.map(([, message]) => ({ code: 2, stdout: '', stderr: `platform: ${message} (platform api-token --help)\n` })));
    expect(fs.existsSync(env.DATABASE_FILENAME)).to.equal(false);

    const help = await platform(['api-token', '--help', '--app', EXAMPLE_APP], env);
    expect(help.code).to.equal(0);
    expect(help.stdout).to.match(/^Usage: platform api-token create --name NAME --type TYPE/);
    for (const action of ['create', 'list', 'revoke <id>', 'regenerate <id>']) expect(help.stdout).to.include(`platform api-token ${action}`);
  });

  it('in an app folder without a salt, the first command writes API_TOKEN_SALT to .env and the server uses it', async () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-api-token-'));
    const appDir = path.join(base, 'site');
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), `export default ${JSON.stringify({ i18n: false, 'users-permissions': false })};\n`);
    const database = await createTestDatabase('sqlite');
    try {
      const env = { DATABASE_FILENAME: String(database.config.connection.connection.filename) };
      const created = await platform(['api-token', 'create', '--name', 'site', '--type', 'read-only', '--app', appDir], env);
      expect(created.code, created.stderr).to.equal(0);
      const salt = dotenv.parse(fs.readFileSync(path.join(appDir, '.env'))).API_TOKEN_SALT;
      assert.exists(salt);
      expect(salt).to.match(/^[A-Za-z0-9+/]{43}=$/);
      const secret = lastLine(created.stdout);

      // a server of that folder (its .env is read at start-up) knows the token
      const app = await startApp({ appDir, database, ...tokenAppOptions({ salt: undefined }) });
      try {
        expect((await app.knex('strapi_api_tokens').first()).access_key).to.equal(strapiAccessKey(salt, secret));
        expect((await app.get('/api/notes', bearer(secret))).status).to.equal(200);
        expect((await app.post('/api/notes', { data: {} }, bearer(secret))).status).to.equal(403);
      } finally {
        await app.stop();
      }
      // under NODE_ENV=production a missing salt is refused, not generated
      fs.rmSync(path.join(appDir, '.env'));
      // (every plugin asks for its secrets before start-up stops: the admin, which can start without its secret, warns and is named too)
      const refused = await platform(['api-token', 'list', '--app', appDir], { ...env, NODE_ENV: 'production' });
      expect({ ...refused, stderr: refused.stderr.split('\n').filter((line) => !line.includes('[admin] ')) }).to.deep.equal({
        code: 1,
        stdout: '',
        stderr: [
          'platform: 2 secrets are not set: API_TOKEN_SALT (plugin "api-tokens"), ADMIN_JWT_SECRET (plugin "admin", which can start without it). Set each in the environment or the app\'s .env (platform develop writes random ones there)',
          '',
        ],
      });
    } finally {
      await database.drop();
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
