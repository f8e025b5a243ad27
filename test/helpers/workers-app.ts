/**
 * A copy of the kernel fixture app served by `platform start --workers 2` in a child process,
 * for tests of what one worker's change means to the other; requests go on their own
 * connections, so the cluster hands each to either worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Json } from './json';

export const ROOT = path.resolve(__dirname, '..', '..');
export const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');

export interface WorkersApp {
  /** the temporary folder holding the app (`site/`) and its SQLite file */
  base: string;
  appDir: string;
  /** the environment the app's commands and server run with */
  env: NodeJS.ProcessEnv;
  /** starts the two workers and waits until both serve; returns the base url */
  start(): Promise<string>;
  /** stops the workers and removes the folder */
  close(): Promise<void>;
}

/** A fresh app folder whose `config/plugins.ts` is `plugins` (a module's source), with `env` added. */
export function workersApp(prefix: string, plugins: string, env: NodeJS.ProcessEnv): WorkersApp {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const appDir = path.join(base, 'site');
  fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'kernel-app'), appDir, { recursive: true });
  fs.writeFileSync(path.join(appDir, 'config', 'plugins.ts'), plugins);
  const appEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: '', LOG_LEVEL: '', DATABASE_FILENAME: path.join(base, 'data.db'), ...env };
  let child: ChildProcess | null = null;
  return {
    base,
    appDir,
    env: appEnv,
    async start() {
      const port = 20000 + Math.floor(Math.random() * 20000);
      const started = spawn(process.execPath, [BIN, 'start', '--app', appDir, '--workers', '2'], {
        cwd: ROOT,
        env: { ...appEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'text' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let output = '';
      started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + 60000;
      while ((output.match(/platform start: serving/g) ?? []).length < 2) {
        if (Date.now() > deadline || started.exitCode !== null) throw new Error(`workers did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return `http://127.0.0.1:${port}`;
    },
    async close() {
      if (child && child.exitCode === null) {
        const running = child;
        running.kill('SIGTERM');
        await new Promise((r) => running.once('exit', r));
      }
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}

/** One request on its own connection; the body parsed as JSON when there is one. */
export function requestOnce(url: string, method: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<{ status: number; body: Json }> {
  return new Promise((resolve, reject) => {
    const data = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers = { ...(options.headers ?? {}), ...(data ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(data)) } : {}) };
    const req = http.request(url, { method, agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}
