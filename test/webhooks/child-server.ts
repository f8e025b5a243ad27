/**
 * A platform in a child process (./fixtures/serve.ts) on a database the test made, so that a test
 * can kill it with SIGKILL or run it beside the test's own platform.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export interface ChildServer {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown step runs */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startChildServer(config: Record<string, Record<string, unknown>>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--conditions=platform-source', path.join(ROOT, 'core', 'bin', 'run-ts.js'), path.join(__dirname, 'fixtures', 'serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, WEBHOOKS_SERVE: JSON.stringify({ config }), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60000;
  let url = '';
  while (!url) {
    const match = /listening (\S+)/.exec(output);
    if (match?.[1]) url = match[1];
    else if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the child server did not start:\n${output}`);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    process: child,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
