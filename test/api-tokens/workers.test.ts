/**
 * `platform start --workers 2`: each worker holds the tokens in memory. A token revoked through
 * the service in one worker (here by an app route that calls it) stops working in every worker
 * at once, through the kernel's broadcast: the look for other processes' changes is off
 * (`refreshInterval: 0`), so nothing else could tell the other worker.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { SALT } from './token-helpers';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');

/** One request on its own connection, so the cluster hands it to either worker. */
function request(url: string, method: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An app route that revokes a token through the plugin's service, in whichever worker answers it. */
const REVOKE_CONTROLLER = `export default ({ platform }) => ({
  async revoke(ctx) {
    const revoked = await platform.service('plugin::api-tokens.api-tokens').revoke(Number(ctx.params.id));
    return { revoked: revoked.id };
  },
});
`;

describe('API tokens with platform start --workers 2', function () {
  this.timeout(120000);
  let child: ChildProcess | null = null;
  let base = '';

  after(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    if (base) fs.rmSync(base, { recursive: true, force: true });
  });

  it('a token revoked in one worker is refused by every worker at once', async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-token-workers-'));
    const appDir = path.join(base, 'site');
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'kernel-app'), appDir, { recursive: true });
    fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), `export default {
  i18n: { enabled: false },
  'users-permissions': { config: { permissions: { public: ['api::note.note.find'] } } },
  'api-tokens': { config: { refreshInterval: 0 } },
};\n`);
    fs.mkdirSync(path.join(appDir, 'api', 'note', 'controllers'), { recursive: true });
    fs.mkdirSync(path.join(appDir, 'api', 'note', 'routes'), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'api', 'note', 'controllers', 'tokens.js'), REVOKE_CONTROLLER);
    fs.writeFileSync(path.join(appDir, 'api', 'note', 'routes', 'tokens.js'), `export default { routes: [{ method: 'POST', path: '/tokens/:id/revoke', handler: 'tokens.revoke', config: { auth: false } }] };\n`);
    const env = { ...process.env, NODE_ENV: '', LOG_LEVEL: '', API_TOKEN_SALT: SALT, JWT_SECRET: 'token-workers-secret', DATABASE_FILENAME: path.join(base, 'data.db') };

    const created = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [BIN, 'api-token', 'create', '--name', 'workers', '--type', 'read-only', '--json', '--app', appDir], { cwd: ROOT, env }, (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)));
    });
    const { id, accessKey } = JSON.parse(created) as { id: number; accessKey: string };

    const port = 20000 + Math.floor(Math.random() * 20000);
    child = spawn(process.execPath, [BIN, 'start', '--app', appDir, '--workers', '2'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'text' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60000;
    while ((output.match(/platform start: serving/g) ?? []).length < 2) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`workers did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const url = `http://127.0.0.1:${port}`;
    const statuses = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(await request(`${url}/api/notes`, 'GET', { authorization: `Bearer ${accessKey}` }));
      return out;
    };
    expect(await statuses(8)).to.deep.equal(Array(8).fill(200));
    // a write the read-only token may not do is refused by each worker
    expect(await request(`${url}/api/notes`, 'POST', { authorization: `Bearer ${accessKey}`, 'content-type': 'application/json' })).to.equal(403);

    expect(await request(`${url}/api/tokens/${id}/revoke`, 'POST')).to.equal(200);
    // no longer a token: the bearer goes on to the JWT check, which refuses it
    expect(await statuses(8)).to.deep.equal(Array(8).fill(401));
  });
});
