/**
 * Without an auth plugin every route is public, writes included: start-up warns so, and
 * `platform start` on a host beyond the loopback interface warns again once it listens. The
 * kernel names no plugin: it warns when no enabled plugin taps `authenticate`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createLogger, Platform, UNAUTHENTICATED_WARNING } from '@platform/core';
import { EXAMPLE_APP, withoutUnnamedAuthPlugins } from '../helpers/app';
import { createTestDatabase } from '../helpers/databases';
import { isLoopbackHost } from '../../core/src/cli/serve';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');

async function bootWarnings(config: Record<string, Record<string, unknown>>): Promise<string[]> {
  const database = await createTestDatabase('sqlite');
  const lines: string[] = [];
  const platform = new Platform({ appDir: EXAMPLE_APP, logger: createLogger('warn', (line) => lines.push(line)), config: { ...config, database: database.config } });
  try {
    await platform.start();
    await platform.listen(0, '127.0.0.1');
  } finally {
    await platform.destroy();
    await database.drop();
  }
  return lines.filter((line) => line.includes(' WARN ')).map((line) => line.replace(/^\[[^\]]+\] WARN /, ''));
}

describe('users-permissions switched off', function () {
  this.timeout(60000);

  it('a server that listens warns that every route is public', async () => {
    const warnings = await bootWarnings(withoutUnnamedAuthPlugins({}));
    expect(warnings).to.deep.equal([UNAUTHENTICATED_WARNING]);
    expect(UNAUTHENTICATED_WARNING).to.equal('No enabled plugin authenticates requests: every route is public, writes included (enable an auth plugin in config/plugins.ts)');
  });

  it('start-up does not warn so when the plugin is on', async () => {
    const warnings = await bootWarnings({ plugins: { 'users-permissions': { config: { jwtSecret: 'x-secret' } } } });
    expect(warnings).to.deep.equal([]);
  });

  it('knows the loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1'].map(isLoopbackHost)).to.deep.equal([true, true, true, true]);
    expect(['0.0.0.0', '::', '10.0.0.5', 'example.com'].map(isLoopbackHost)).to.deep.equal([false, false, false, false]);
  });

  for (const [host, times] of [
    ['0.0.0.0', 2],
    ['127.0.0.1', 1],
  ] as const) {
    it(`platform start on ${host} logs the warning ${times === 2 ? 'again once it listens' : 'once (loopback only)'}`, async () => {
      const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-open-'));
      const appDir = path.join(base, 'site');
      fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'kernel-app'), appDir, { recursive: true });
      fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), "export default { i18n: { enabled: false }, 'users-permissions': { enabled: false }, 'api-tokens': { enabled: false } };\n");
      const child = spawn(process.execPath, [BIN, 'start', '--app', appDir], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', HOST: host, LOG_LEVEL: 'warn', LOG_FORMAT: 'text', NODE_ENV: '', DATABASE_FILENAME: path.join(base, 'data.db') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        const deadline = Date.now() + 30000;
        const expected = times === 2 ? /beyond this machine/ : /No enabled plugin authenticates requests/;
        while (!expected.test(output) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
        // the second warning comes right after listening: give a loopback start the same chance to (wrongly) print it
        await new Promise((r) => setTimeout(r, 300));
        const count = output.split('\n').filter((line) => line.includes('No enabled plugin authenticates requests')).length;
        expect(count, output).to.equal(times);
        if (times === 2) expect(output).to.include(`this server listens on ${host}, beyond this machine`);
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
        fs.rmSync(base, { recursive: true, force: true });
      }
    });
  }
});
