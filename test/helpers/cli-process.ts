/**
 * The `platform` command run as a user runs it: a child process of the real binary, its output
 * collected, with a wait for lines that match.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const PLATFORM_BIN = path.resolve(__dirname, '..', '..', 'core', 'bin', 'platform.js');

export interface Child {
  process: ChildProcess;
  output(): string;
  /** resolves with the match once `count` lines of the output match `pattern` */
  waitFor(pattern: RegExp, count?: number, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/** `env` is laid over the test's own environment; a variable given as undefined is left out. */
export function runPlatform(args: string[], env: NodeJS.ProcessEnv = {}, cwd = path.resolve(__dirname, '..', '..'), bin = PLATFORM_BIN): Child {
  // LOG_LEVEL unset: the default level, which includes the access log; the secrets the
  // distribution's plugins need under `start` are set
  const merged = { ...process.env, LOG_LEVEL: '', NODE_ENV: '', API_TOKEN_SALT: 'cli-test-salt', JWT_SECRET: 'cli-test-secret', ADMIN_JWT_SECRET: 'cli-test-admin-secret', ...env };
  const child = spawn(process.execPath, [bin, ...args], {
    cwd,
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exited,
    waitFor(pattern, count = 1, timeoutMs = 20000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matches = output
            .split('\n')
            .map((line) => line.match(pattern))
            .filter((m): m is RegExpMatchArray => m !== null);
          const match = matches[count - 1];
          if (match) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern} (x${count}); output:\n${output}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}
