/**
 * Nodes of one app for the multi-node tests: `platform start` processes of the example app on
 * their own ports, sharing one database and one Redis.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
export { databaseEnv } from '../helpers/databases';
import type { Json } from '../helpers/json';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.join(ROOT, 'core', 'bin', 'platform.js');
const READY = /platform start: serving .+ at (http:\/\/\S+) \(started in \d+ ms\)/;
export const REDIS_URL = 'redis://127.0.0.1:6379';

export interface Node {
  url: string;
  output(): string;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; text: string; body: Json; headers: Headers }>;
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; text: string; body: Json }>;
  stop(): Promise<void>;
}

/** runs a `platform` command of the example app with `env` (the nodes' secrets and Redis); resolves with its stdout */
export function runCommand(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'error', REDIS_URL, API_TOKEN_SALT: 'nodes-test-salt', JWT_SECRET: 'nodes-test-secret', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`platform ${args.join(' ')} exited with ${code}:\n${err}`))));
  });
}

/** `progress` hears the node's output as it boots (before it serves) */
export function startNode(env: NodeJS.ProcessEnv, timeoutMs = 60000, args: string[] = [], progress?: (output: string) => void): Promise<Node> {
  const child = spawn(process.execPath, [BIN, 'start', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', REDIS_URL, API_TOKEN_SALT: 'nodes-test-salt', JWT_SECRET: 'nodes-test-secret', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`node did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node exited with ${code}:\n${output}`));
    });
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      progress?.(output);
      const url = READY.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      child.stdout.on('data', (more: Buffer) => (output += more.toString()));
      child.stderr.on('data', (more: Buffer) => (output += more.toString()));
      const send = async (method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(url + urlPath, {
          method,
          headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON */
        }
        return { status: res.status, text, body: parsed as Json, headers: res.headers };
      };
      resolve({
        url,
        output: () => output,
        get: (p, h) => send('GET', p, undefined, h),
        send,
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}
