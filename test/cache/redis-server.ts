/**
 * A Redis of the test's own, on a free port, that a test can stop and start again: its data is
 * kept on disk between runs (append-only file, written at every command), as a production Redis
 * with persistence keeps it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/ports';

export interface TestRedis {
  url: string;
  /** kills the server at once (no goodbye to its clients) */
  kill(): Promise<void>;
  /** starts it again on the same port, with the data it had */
  start(): Promise<void>;
  /** runs a command with redis-cli */
  command(...args: string[]): string;
  /** kills it and removes its files */
  remove(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-redis-'));
  let child: ChildProcess | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10000);
      started.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    command: (...args) => {
      const result = spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`redis-cli ${args.join(' ')}: ${result.stderr}`);
      return result.stdout.trim();
    },
    async remove() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
