/**
 * The JWT secret: `jwtSecret` in the plugin config, else JWT_SECRET (the environment or the
 * app's .env). `platform develop` writes a random one into the app's .env when both lack it;
 * `platform start` refuses to start without one, naming the variable with every other secret
 * missing, in one message.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');

function appCopy(): { base: string; appDir: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-secret-'));
  const appDir = path.join(base, 'site');
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'kernel-app'), appDir, { recursive: true });
  return { base, appDir };
}

function run(command: string, appDir: string, base: string, until: RegExp): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'text', NODE_ENV: '', DATABASE_FILENAME: path.join(base, 'data.db') };
    delete env.JWT_SECRET;
    delete env.API_TOKEN_SALT;
    const child = spawn(process.execPath, [BIN, command, '--app', appDir], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), 30000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

describe('users-permissions JWT secret', function () {
  this.timeout(60000);
  const bases: string[] = [];
  after(() => {
    for (const base of bases) fs.rmSync(base, { recursive: true, force: true });
  });

  it('platform start refuses to start without JWT_SECRET, naming it with every other missing secret in one message', async () => {
    const { base, appDir } = appCopy();
    bases.push(base);
    const { output, code } = await run('start', appDir, base, /serving/);
    expect(code).to.equal(1);
    // each plugin asked for its own before start-up stopped; the admin's, which it can start without, is named too
    expect(output.split('\n').filter((line) => line.startsWith('platform: '))).to.deep.equal([
      `platform: 3 secrets are not set: JWT_SECRET (plugin "users-permissions"), API_TOKEN_SALT (plugin "api-tokens"), ADMIN_JWT_SECRET (plugin "admin", which can start without it). Set each in the environment or the app's .env (platform develop writes random ones there)`,
    ]);
    expect(fs.existsSync(path.join(appDir, '.env'))).to.equal(false);
  });

  it("platform develop writes a random JWT_SECRET into the app's .env, which platform start then uses", async () => {
    const { base, appDir } = appCopy();
    bases.push(base);
    const develop = await run('develop', appDir, base, /platform develop: serving/);
    expect(develop.output).to.match(/platform develop: serving/);
    const env = fs.readFileSync(path.join(appDir, '.env'), 'utf8');
    expect(env).to.match(/^JWT_SECRET=\S{20,}$/m);
    const start = await run('start', appDir, base, /platform start: serving/);
    expect(start.output).to.match(/platform start: serving/);
    expect(fs.readFileSync(path.join(appDir, '.env'), 'utf8')).to.equal(env);
  });
});
