/**
 * The `platform` command in child processes: `--help`, `start --app DIR` serving an app folder
 * outside the repository that holds only config/, api/ and components/, and `develop`
 * restarting when a schema file changes.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { expect } from 'chai';
import { HELP } from '../../core/src/cli/main';
import { runPlatform as run } from '../helpers/cli-process';

const ROOT = path.resolve(__dirname, '..', '..');
const KERNEL_APP = path.join(ROOT, 'test', 'fixtures', 'kernel-app');
/** What `platform --help` adds for the example app's plugins (the api-tokens, documentation, graphql, admin, data-transfer and webhooks plugins' commands). */
const PLUGIN_COMMANDS = `\nCommands of the app's plugins (platform <command> --help):\n  api-token          create, list, revoke or regenerate API tokens\n  openapi            print or write the OpenAPI document of the API\n  types              write TypeScript declarations of the content model\n  graphql:schema     print the GraphQL schema (SDL) generated for the app\n  admin              create an administrator of the admin panel, or reset its password\n  export             write the app's content, files and settings to a data-transfer archive\n  import             restore a data-transfer archive (written by platform export or strapi export)\n  webhooks           list, create or trigger webhooks, and read their deliveries\n`;

const READY = /platform (start|develop): serving (.+) at (http:\/\/\S+) \(started in (\d+) ms\)/;

describe('platform CLI', function () {
  this.timeout(60000);
  const tmpDirs: string[] = [];
  const children: ChildProcess[] = [];
  /** A copy of the fixture app outside the repository, and a database file outside the app. */
  function appCopy(): { appDir: string; dbFile: string } {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-cli-'));
    tmpDirs.push(base);
    const appDir = path.join(base, 'site');
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    return { appDir, dbFile: path.join(base, 'data.db') };
  }
  after(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('platform --help prints the usage and exits 0', async () => {
    const child = run(['--help']);
    expect(await child.exited).to.equal(0);
    expect(child.output()).to.equal(HELP + PLUGIN_COMMANDS);
  });

  it('an unknown command prints an error and the usage, without a stack trace, and exits 2', async () => {
    const child = run(['serve']);
    expect(await child.exited).to.equal(2);
    expect(child.output()).to.equal(`platform: Unknown command "serve"\n\n${HELP}${PLUGIN_COMMANDS}\n`);
  });

  it('an app folder that does not exist is an error, not an empty app', async () => {
    const missing = path.join(os.tmpdir(), `platform-missing-${process.pid}`);
    const child = run(['start', '--app', missing], { PORT: '0' });
    expect(await child.exited).to.equal(2);
    expect(child.output()).to.equal(`platform: The app folder ${missing} does not exist (use --app DIR)\n`);
    expect(fs.existsSync(missing)).to.equal(false);
  });

  it('a start-up error is printed as one line naming the file and key, and exits 1', async () => {
    const { appDir } = appCopy();
    const child = run(['start', '--app', appDir], { PORT: 'eighty' });
    expect(await child.exited).to.equal(1);
    expect(child.output()).to.equal(`platform: ${path.join(appDir, 'config', 'server.ts')}: Environment variable PORT must be an integer, got "eighty"\n`);
  });

  it('platform start --app DIR serves an app folder holding only config/, api/ and components/', async () => {
    const { appDir, dbFile } = appCopy();
    expect(fs.readdirSync(appDir).sort()).to.deep.equal(['api', 'components', 'config']);
    // `platform start` refuses to serve without the JWT secret of the users-permissions plugin.
    const child = run(['start', '--app', appDir], { PORT: '0', HOST: '127.0.0.1', DATABASE_FILENAME: dbFile, JWT_SECRET: 'cli-test-secret' });
    children.push(child.process);
    const ready = await child.waitFor(READY);
    expect(ready[1]).to.equal('start');
    expect(ready[2]).to.equal(appDir);
    const url = ready[3];

    const list = await fetch(`${url}/api/notes`);
    expect(list.status).to.equal(200);
    // defaultLimit 10 comes from the app's config/api.ts
    expect(await list.json()).to.deep.equal({ data: [], meta: { pagination: { page: 1, pageSize: 10, pageCount: 0, total: 0 } } });
    const unknown = await fetch(`${url}/api/nothing`);
    expect(unknown.status).to.equal(404);
    expect(await unknown.json()).to.deep.equal({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });

    // one access log line per request, at the default log level, as JSON in production
    // (written once the response is sent, so it may reach us just after the response does)
    const line = await child.waitFor(/^\{.*"path":"\/api\/nothing".*\}$/);
    const entry = JSON.parse(line[0]) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).to.deep.equal(['level', 'method', 'ms', 'msg', 'path', 'pid', 'reqId', 'status', 'time']);
    expect({ level: entry.level, method: entry.method, status: entry.status }).to.deep.equal({ level: 25, method: 'GET', status: 404 });
    expect(entry.reqId).to.equal(unknown.headers.get('x-request-id'));
    expect(entry.ms).to.be.a('number');
    expect(child.output()).to.match(/^\{"level":25,.*"method":"GET","path":"\/api\/notes","status":200,/m);

    child.process.kill('SIGTERM');
    expect(await child.exited).to.equal(0);
    expect(child.output()).to.include('SIGTERM: finishing in-flight requests');
    expect(fs.existsSync(dbFile)).to.equal(true);
    // nothing was written into the app folder
    expect(fs.readdirSync(appDir).sort()).to.deep.equal(['api', 'components', 'config']);
  });

  it('platform develop restarts when a schema file changes, and the new attribute gets its column', async () => {
    const { appDir, dbFile } = appCopy();
    const child = run(['develop', '--app', appDir], { PORT: '0', HOST: '127.0.0.1', DATABASE_FILENAME: dbFile });
    children.push(child.process);
    await child.waitFor(/platform develop: serving/);

    const schemaFile = path.join(appDir, 'api', 'note', 'content-types', 'note', 'schema.json');
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
    schema.attributes.subtitle = { type: 'string' };
    fs.writeFileSync(schemaFile, JSON.stringify(schema, null, 2));

    const second = await child.waitFor(READY, 2);
    expect(second[1]).to.equal('develop');
    expect(child.output()).to.include('platform develop: api/note/content-types/note/schema.json changed; restarting');
    const res = await fetch(`${second[3]}/api/notes`);
    expect(res.status).to.equal(200);

    child.process.kill('SIGTERM');
    expect(await child.exited).to.equal(0);
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: dbFile }, useNullAsDefault: true });
    try {
      expect(await knex.schema.hasColumn('notes', 'subtitle')).to.equal(true);
    } finally {
      await knex.destroy();
    }
  });
});
