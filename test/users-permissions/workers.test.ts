/**
 * `platform start --workers 2`: each process caches roles and users; a role changed through
 * one worker is cleared in the other through the kernel's broadcast, so every request sees
 * the change at once, whichever worker answers it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');

/** One request on its own connection, so the cluster hands it to either worker. */
function request(url: string, method: string, body?: unknown): Promise<{ status: number; body: any; pid: string | undefined }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method, agent: false, headers: data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {} }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, pid: res.headers['x-worker'] as string | undefined }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

describe('users-permissions with platform start --workers 2', function () {
  this.timeout(90000);
  let child: ChildProcess | null = null;
  let base = '';

  after(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    if (base) fs.rmSync(base, { recursive: true, force: true });
  });

  it('a permission change made through one worker holds on every worker at once', async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-workers-'));
    const appDir = path.join(base, 'site');
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'kernel-app'), appDir, { recursive: true });
    fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), `export default {
  i18n: { enabled: false },
  'api-tokens': { enabled: false },
  'users-permissions': { config: { permissions: { public: ['api::note.note.find', 'plugin::users-permissions.role.findOne', 'plugin::users-permissions.role.updateRole'] } } },
};\n`);
    const port = 20000 + Math.floor(Math.random() * 20000);
    child = spawn(process.execPath, [BIN, 'start', '--app', appDir, '--workers', '2'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'text', NODE_ENV: '', JWT_SECRET: 'workers-secret', DATABASE_FILENAME: path.join(base, 'data.db') },
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
      for (let i = 0; i < n; i++) out.push((await request(`${url}/api/notes`, 'GET')).status);
      return out;
    };
    // every worker has read (and cached) the public role
    expect(await statuses(8)).to.deep.equal(Array(8).fill(200));

    const role = await request(`${url}/api/users-permissions/roles/2`, 'GET');
    expect(role.status).to.equal(200);
    const tree = role.body.role.permissions;
    tree['api::note'].controllers.note.find.enabled = false;
    expect((await request(`${url}/api/users-permissions/roles/2`, 'PUT', { permissions: tree })).body).to.deep.equal({ ok: true });
    expect(await statuses(8)).to.deep.equal(Array(8).fill(403));

    tree['api::note'].controllers.note.find.enabled = true;
    expect((await request(`${url}/api/users-permissions/roles/2`, 'PUT', { permissions: tree })).body).to.deep.equal({ ok: true });
    expect(await statuses(8)).to.deep.equal(Array(8).fill(200));
  });
});
