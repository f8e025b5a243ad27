/**
 * Commands a plugin adds to the `platform` command line, run as a user runs them (the real
 * binary in a child process, on an app folder outside the repository), and the secrets a plugin
 * asks the kernel for: written to `.env` by develop (and by commands), required by start.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import dotenv from 'dotenv';
import { assert, expect } from 'chai';
import { BootError, Platform } from '@platform/core';
import stamps from '../fixtures/command-plugin';
import { HELP } from '../../core/src/cli/main';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');
const KERNEL_APP = path.join(ROOT, 'test', 'fixtures', 'kernel-app');
const STAMPS = path.join(ROOT, 'test', 'fixtures', 'command-plugin');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function platform(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  // the process environment wins over .env: the secret comes from the app folder only
  const { STAMP_KEY: _unset, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...inherited, LOG_LEVEL: '', NODE_ENV: '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

const sign = (key: string, label: string) => crypto.createHmac('sha256', key).update(label).digest('hex');

describe('plugin commands and secrets', function () {
  this.timeout(60000);
  const tmpDirs: string[] = [];
  /** A copy of the fixture app that enables the stamps plugin, with its database file outside it. */
  function appWithStamps(): { appDir: string; env: NodeJS.ProcessEnv } {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-commands-'));
    tmpDirs.push(base);
    const appDir = path.join(base, 'site');
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    // the distribution's auth plugins and the admin ask for secrets of their own: off, so only the stamps' is asked for
    const plugins = { i18n: false, 'api-tokens': false, 'users-permissions': false, admin: false, stamps: { resolve: STAMPS } };
    fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), `export default ${JSON.stringify(plugins)};\n`);
    return { appDir, env: { DATABASE_FILENAME: path.join(base, 'data.db') } };
  }
  after(() => {
    for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("platform --help lists the commands of the app's plugins after the kernel's", async () => {
    const { appDir, env } = appWithStamps();
    const run = await platform(['--help', '--app', appDir], env);
    expect(run).to.deep.equal({
      code: 0,
      stdout: `${HELP}\nCommands of the app's plugins (platform <command> --help):\n  export             write the app's content, files and settings to a data-transfer archive\n  import             restore a data-transfer archive (written by platform export or strapi export)\n  openapi            print or write the OpenAPI document of the API\n  types              write TypeScript declarations of the content model\n  graphql:schema     print the GraphQL schema (SDL) generated for the app\n  webhooks           list, create or trigger webhooks, and read their deliveries\n  stamp              add or count stamps\n`,
      stderr: '',
    });
  });

  it("platform <command> --help prints the command's own help without starting the app", async () => {
    const { appDir, env } = appWithStamps();
    const run = await platform(['stamp', '--help', '--app', appDir], env);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.equal(stamps.commands?.stamp?.help);
    expect(fs.existsSync(env.DATABASE_FILENAME ?? '')).to.equal(false);
  });

  it('a usage mistake is one line on stderr and exit code 2, before the app starts', async () => {
    const { appDir, env } = appWithStamps();
    const runs = await Promise.all([
      platform(['stamp', 'add', '--app', appDir], env),
      platform(['stamp', 'add', '--label', 'a', '--lable', 'b', '--app', appDir], env),
      platform(['stamp', 'add', '--label', '--json', '--app', appDir], env),
      platform(['stamp', 'count', 'extra', '--app', appDir], env),
      platform(['stamp', '--app', appDir], env),
    ]);
    expect(runs).to.deep.equal([
      { code: 2, stdout: '', stderr: 'platform: stamp add: --label is required (platform stamp --help)\n' },
      { code: 2, stdout: '', stderr: 'platform: stamp add: unknown option "--lable" (platform stamp --help)\n' },
      { code: 2, stdout: '', stderr: 'platform: stamp add: --label needs a value (platform stamp --help)\n' },
      { code: 2, stdout: '', stderr: 'platform: stamp count: unexpected argument "extra" (platform stamp --help)\n' },
      { code: 2, stdout: '', stderr: 'platform: stamp: which one, add or count? (platform stamp --help)\n' },
    ]);
    expect(fs.existsSync(env.DATABASE_FILENAME ?? '')).to.equal(false);
  });

  it('runs the command on the started app: without a secret it generates one into .env, then keeps using it', async () => {
    const { appDir, env } = appWithStamps();
    const first = await platform(['stamp', 'add', '--label', 'first', '--app', appDir], env);
    expect(first.code, first.stderr).to.equal(0);
    const key = dotenv.parse(fs.readFileSync(path.join(appDir, '.env'))).STAMP_KEY;
    assert.exists(key);
    expect(key).to.match(/^[A-Za-z0-9+/]{43}=$/);
    expect(first.stdout).to.equal(`${sign(key, 'first')}\n`);
    expect(first.stderr).to.equal('Stamped "first".\n');

    const second = await platform(['stamp', 'add', '--json', '--label=second', '--app', appDir], env);
    expect(JSON.parse(second.stdout)).to.deep.equal({ label: 'second', signature: sign(key, 'second') });
    expect(await platform(['stamp', 'count', '--app', appDir], env)).to.deep.equal({ code: 0, stdout: '2\n', stderr: '' });
    expect(fs.readFileSync(path.join(appDir, '.env'), 'utf8')).to.equal(`STAMP_KEY=${key}\n`);
    // an error the API would answer with a 4xx is one line and exit code 1
    expect(await platform(['stamp', 'add', '--label', 'first', '--app', appDir], env)).to.deep.equal({ code: 1, stdout: '', stderr: 'platform: stamp: a stamp "first" exists already\n' });
  });

  it('under NODE_ENV=production a missing secret stops the command with one line naming it', async () => {
    const { appDir, env } = appWithStamps();
    const run = await platform(['stamp', 'add', '--label', 'x', '--app', appDir], { ...env, NODE_ENV: 'production' });
    expect(run).to.deep.equal({
      code: 1,
      stdout: '',
      stderr: 'platform: STAMP_KEY is not set: plugin "stamps" needs it. Set STAMP_KEY in the environment or the app\'s .env (platform develop writes a random one there)\n',
    });
    expect(fs.existsSync(path.join(appDir, '.env'))).to.equal(false);
  });

  it('an unknown command is still a usage error that shows the help', async () => {
    const { appDir, env } = appWithStamps();
    const run = await platform(['stamps', '--app', appDir], env);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.equal(
      `platform: Unknown command "stamps"\n\n${HELP}\nCommands of the app's plugins (platform <command> --help):\n  export             write the app's content, files and settings to a data-transfer archive\n  import             restore a data-transfer archive (written by platform export or strapi export)\n  openapi            print or write the OpenAPI document of the API\n  types              write TypeScript declarations of the content model\n  graphql:schema     print the GraphQL schema (SDL) generated for the app\n  webhooks           list, create or trigger webhooks, and read their deliveries\n  stamp              add or count stamps\n\n`,
    );
  });

  describe('secrets at start-up', () => {
    const boot = async (mode: 'develop' | 'start', env: NodeJS.ProcessEnv = {}) => {
      const { appDir, env: appEnv } = appWithStamps();
      const booted = new Platform({ appDir, mode, env: { ...appEnv, ...env }, logLevel: 'silent' });
      try {
        await booted.start();
        return { appDir, error: null };
      } catch (error) {
        return { appDir, error };
      } finally {
        await booted.destroy();
      }
    };

    it('start: a missing secret is a BootError naming the variable', async () => {
      const { error } = await boot('start');
      expect(error).to.be.instanceOf(BootError).with.property('code', 'SECRET_MISSING');
      expect((error as BootError).message).to.match(/^STAMP_KEY is not set: plugin "stamps" needs it/);
    });

    it("start: the environment's value is used and nothing is written", async () => {
      const { appDir, error } = await boot('start', { STAMP_KEY: 'k' });
      expect(error).to.equal(null);
      expect(fs.existsSync(path.join(appDir, '.env'))).to.equal(false);
    });

    it("develop: a missing secret is generated into the app's .env", async () => {
      const { appDir, error } = await boot('develop');
      expect(error).to.equal(null);
      expect(fs.readFileSync(path.join(appDir, '.env'), 'utf8')).to.match(/^STAMP_KEY=[A-Za-z0-9+/]{43}=\n$/);
    });
  });
});
