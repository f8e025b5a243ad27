/**
 * The `platform` command run as a user runs it: a child process of the real binary, its output
 * collected, with a wait for lines that match; and a project served by `platform start` from a
 * copy of a fixture folder, as the tests of Strapi projects run one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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

/** What `platform start` says once it serves: the app's name, its URL and its start-up time. */
export const SERVING = /platform start: serving (.+) at (http:\/\/\S+) \(started in (\d+) ms\)/;

/** Ends the process with SIGTERM unless it has already exited; resolves once it has. */
export async function stopProcess(run: Child): Promise<void> {
  if (run.process.exitCode === null && run.process.signalCode === null) run.process.kill('SIGTERM');
  await run.exited;
}

/** A project served by `platform start`, with the URL it serves at. */
export interface ServedProject extends Child {
  url: string;
  /** stopProcess: SIGTERM, then its exit */
  stop(): Promise<void>;
}

/**
 * `platform start --app appDir` on a port of 127.0.0.1 the system picks, resolved once it serves
 * (a process that does not get there is stopped, and its output is in the error).
 */
export async function startProject(appDir: string, env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<ServedProject> {
  const run = runPlatform(['start', '--app', appDir, ...args], { PORT: '0', HOST: '127.0.0.1', ...env });
  try {
    const url = (await run.waitFor(SERVING, 1, 60000))[2] as string;
    return { ...run, url, stop: () => stopProcess(run) };
  } catch (error) {
    await stopProcess(run);
    throw error;
  }
}

/** A copy of the project folder `fixture` as `backend` in a new temporary folder (`base`, to remove after). */
export function copyProject(fixture: string, prefix: string): { base: string; appDir: string } {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const appDir = path.join(base, 'backend');
  fs.cpSync(fixture, appDir, { recursive: true });
  return { base, appDir };
}
