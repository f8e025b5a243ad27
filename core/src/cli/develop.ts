/**
 * `platform develop`: runs the server in a child process and restarts it when the app's
 * config/, api/, components/ or local plugin folders change.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runServer } from './serve';

const WATCHED = ['config', 'api', 'components', 'plugins-local', 'src', '.env'];

export async function runDevelop(appDir: string): Promise<void> {
  if (process.env.PLATFORM_DEVELOP_CHILD) {
    await runServer(appDir, { workers: 1, mode: 'development' });
    return;
  }
  let child: ChildProcess | null = null;
  let restarting = false;
  const startChild = () => {
    child = fork(path.join(__dirname, '..', '..', 'bin', 'platform.js'), ['develop', '--app', appDir], {
      env: { ...process.env, PLATFORM_DEVELOP_CHILD: '1', NODE_ENV: process.env.NODE_ENV ?? 'development' },
      stdio: 'inherit',
    });
    child.on('exit', (code) => {
      if (!restarting && code !== 0 && code !== null) process.stderr.write(`platform develop: server exited with code ${code}; waiting for a change\n`);
    });
  };
  const restart = debounce(() => {
    restarting = true;
    const old = child;
    const done = () => {
      restarting = false;
      process.stderr.write('platform develop: change detected, restarting\n');
      startChild();
    };
    if (old && old.exitCode === null) {
      old.once('exit', done);
      old.kill('SIGTERM');
    } else done();
  }, 150);
  for (const name of WATCHED) {
    const target = path.join(appDir, name);
    if (!fs.existsSync(target)) continue;
    fs.watch(target, { recursive: true }, (_event, file) => {
      if (file && (String(file).includes('node_modules') || String(file).startsWith('.tmp'))) return;
      restart();
    });
  }
  startChild();
  const stop = () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await new Promise(() => {});
}

function debounce(fn: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };
}
