/**
 * A new app runs on its own, as its README says: `platform new` makes it, `npm install` in its
 * folder links the platform's packages without the network (they are on no registry), `npm run
 * develop` serves it with the app's own scripts, and the README's first `curl` answers 200 (the
 * plugins of the distribution wrote what the example type needs into config/plugins.ts).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import knexFactory from 'knex';
import { runPlatform } from '../helpers/cli-process';
import { SOURCE_CONDITION } from '../setup/source-condition';

const READY = /platform develop: serving .+ at (http:\/\/\S+) \(started in \d+ ms\)/;

/** The environment of a user's shell: no test setting, no database or secret variable, no TypeScript sources. */
function userEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(DATABASE_|TEST_|LOG_)/.test(key) || ['API_TOKEN_SALT', 'JWT_SECRET', 'ADMIN_JWT_SECRET', 'NODE_ENV', 'PORT', 'HOST'].includes(key)) continue;
    env[key] = value;
  }
  const nodeOptions = (process.env.NODE_OPTIONS ?? '').replace(SOURCE_CONDITION, '').trim();
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  else delete env.NODE_OPTIONS;
  return env;
}

describe('platform new: an app installed and run from its own folder', function () {
  this.timeout(180000);
  let base: string;
  let appDir: string;
  let develop: ChildProcess | null = null;
  let output = '';

  before(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-new-install-'));
    appDir = path.join(base, 'site');
  });
  after(async () => {
    if (develop?.pid !== undefined && develop.exitCode === null) {
      const exited = new Promise((resolve) => develop?.once('exit', resolve));
      // npm, the shell it runs, platform develop and its server: the whole group
      process.kill(-develop.pid, 'SIGTERM');
      await exited;
    }
    fs.rmSync(base, { recursive: true, force: true });
  });

  it("npm install links the platform's packages offline; npm run develop serves the README's first curl with 200", async () => {
    const made = runPlatform(['new', appDir]);
    expect(await made.exited, made.output()).to.equal(0);

    // --offline: nothing may come from a registry
    await promisify(execFile)('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: appDir, env: userEnvironment() });
    expect(fs.lstatSync(path.join(appDir, 'node_modules', '@platform', 'core')).isSymbolicLink()).to.equal(true);
    expect(fs.realpathSync(path.join(appDir, 'node_modules', '@platform', 'core'))).to.equal(fs.realpathSync(path.resolve(__dirname, '..', '..', 'core')));

    const readme = fs.readFileSync(path.join(appDir, 'README.md'), 'utf8');
    const curl = /^curl (localhost:1337(\/\S*))$/m.exec(readme);
    expect(curl?.[1], readme).to.equal('localhost:1337/api/articles');

    // the app's own script; PORT=0 picks a free port in place of .env's 1337
    develop = spawn('npm', ['run', 'develop'], { cwd: appDir, env: { ...userEnvironment(), PORT: '0', HOST: '127.0.0.1' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm run develop did not serve the app; output:\n${output}`)), 120000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = READY.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      develop?.stdout?.on('data', onData);
      develop?.stderr?.on('data', onData);
      develop?.once('exit', (code) => reject(new Error(`npm run develop exited (${code}); output:\n${output}`)));
    });

    const res = await fetch(`${url}${curl?.[2]}`);
    expect({ status: res.status, body: await res.json() }, output).to.deep.equal({
      status: 200,
      body: { data: [], meta: { pagination: { page: 1, pageSize: 25, pageCount: 0, total: 0 } } },
    });
    // what users-permissions wrote into the new app's config/plugins.ts is the public role's
    const knex = knexFactory({ client: 'better-sqlite3', connection: { filename: path.join(appDir, '.tmp', 'data.db') }, useNullAsDefault: true });
    try {
      const actions = await knex('up_permissions as p')
        .join('up_permissions_role_links as l', 'l.permission_id', 'p.id')
        .join('up_roles as r', 'r.id', 'l.role_id')
        .where('r.type', 'public')
        .where('p.action', 'like', 'api::%')
        .orderBy('p.action')
        .select('p.action');
      expect(actions).to.deep.equal([{ action: 'api::article.article.find' }, { action: 'api::article.article.findOne' }]);
    } finally {
      await knex.destroy();
    }
  });
});
