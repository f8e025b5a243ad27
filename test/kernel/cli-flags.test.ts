/**
 * The `platform` command's own flags, run as a user runs them: `--version`, the help when called
 * alone (every command and environment variable in it), `--port` and `--host` over PORT and
 * HOST, and a port already in use: one line naming it and exit code 1 for `start`; `develop`
 * says so, waits, and serves once a change comes after the port is free.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { HELP } from '../../core/src/cli/main';
import { runPlatform } from '../helpers/cli-process';
import { holdPort } from '../helpers/ports';

const ROOT = path.resolve(__dirname, '..', '..');
const KERNEL_APP = path.join(ROOT, 'test', 'fixtures', 'kernel-app');
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'core', 'package.json'), 'utf8')) as { version: string }).version;

describe('platform command line flags', function () {
  this.timeout(60000);
  const dirs: string[] = [];
  const appCopy = () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-flags-'));
    dirs.push(base);
    const appDir = path.join(base, 'site');
    fs.cpSync(KERNEL_APP, appDir, { recursive: true });
    return { appDir, env: { DATABASE_FILENAME: path.join(base, 'data.db') } };
  };
  after(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('--version and -v print the version of the platform', async () => {
    for (const flag of ['--version', '-v']) {
      const child = runPlatform([flag]);
      expect(await child.exited).to.equal(0);
      expect(child.output()).to.equal(`${VERSION}\n`);
    }
    expect(VERSION).to.equal((JSON.parse(fs.readFileSync(path.join(ROOT, 'lerna.json'), 'utf8')) as { version: string }).version);
  });

  it('platform alone prints the help, which lists every command and environment variable', async () => {
    const child = runPlatform([]);
    expect(await child.exited).to.equal(0);
    // then the commands the plugins of the app add (cli.test.ts)
    expect(child.output().slice(0, HELP.length)).to.equal(HELP);
    for (const word of [
      'develop',
      'start',
      'new <dir>',
      'generate <kind>',
      'hidden-rows',
      '--port',
      '--host',
      '--version',
      '--workers',
      'PORT, HOST',
      'NODE_ENV',
      'LOG_LEVEL',
      'LOG_FORMAT',
      'DATABASE_CLIENT',
      'DATABASE_FILENAME',
      'DATABASE_HOST',
      'DATABASE_PORT',
      'DATABASE_NAME',
      'DATABASE_USERNAME',
      'DATABASE_PASSWORD',
      'DATABASE_STATEMENT_TIMEOUT',
    ]) {
      expect(HELP).to.include(word);
    }
  });

  it('--port and --host win over PORT and HOST', async () => {
    const { appDir, env } = appCopy();
    const free = await holdPort();
    await free.release();
    const child = runPlatform(['start', '--app', appDir, '--port', String(free.port), '--host', '127.0.0.1'], { ...env, PORT: '1', HOST: '0.0.0.0' });
    const ready = await child.waitFor(/serving .+ at (http:\/\/\S+) /);
    expect(ready[1]).to.equal(`http://127.0.0.1:${free.port}`);
    expect((await fetch(`${ready[1]}/api/notes`)).status).to.equal(200);
    child.process.kill('SIGTERM');
    expect(await child.exited).to.equal(0);
  });

  it('a --port that is not a port is a usage error (exit code 2)', async () => {
    const child = runPlatform(['start', '--port', '99999']);
    expect(await child.exited).to.equal(2);
    expect(child.output()).to.equal('platform: --port takes a port number from 0 to 65535, got "99999"\n');
  });

  it('start on a port in use prints one line naming the port and exits 1', async () => {
    const { appDir, env } = appCopy();
    const held = await holdPort();
    try {
      const child = runPlatform(['start', '--app', appDir], { ...env, PORT: String(held.port), HOST: '127.0.0.1' });
      expect(await child.exited).to.equal(1);
      expect(child.output()).to.equal(`platform: Port ${held.port} on 127.0.0.1 is already in use (set PORT or --port to choose another)\n`);
    } finally {
      await held.release();
    }
  });

  it('develop on a port in use says so, waits, and serves after a change once the port is free', async () => {
    const { appDir, env } = appCopy();
    const held = await holdPort();
    const child = runPlatform(['develop', '--app', appDir, '--port', String(held.port), '--host', '127.0.0.1'], env);
    try {
      await child.waitFor(/platform develop: the server stopped \(exit code 1\); waiting for a change/);
      expect(child.output()).to.include(`platform: Port ${held.port} on 127.0.0.1 is already in use (set PORT or --port to choose another)\n`);
      expect(child.process.exitCode).to.equal(null);
      await held.release();
      fs.appendFileSync(path.join(appDir, 'config', 'server.ts'), '\n');
      const ready = await child.waitFor(/platform develop: serving .+ at (http:\/\/\S+) /);
      expect(ready[1]).to.equal(`http://127.0.0.1:${held.port}`);
      expect((await fetch(`${ready[1]}/api/notes`)).status).to.equal(200);
    } finally {
      child.process.kill('SIGTERM');
      await child.exited;
    }
  });
});
