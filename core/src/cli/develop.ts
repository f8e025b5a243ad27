/**
 * `platform develop`: runs the server in a child process and starts a new one when the app
 * changes (./app-watcher.ts): one restart per batch of changes, a line saying what changed, and
 * one saying how long the reload took. The old process stops first (the port is free again in
 * tens of milliseconds: see http/connections.ts), then the new one starts. A server that cannot
 * start (a mistake in a file, the port in use) is reported and develop waits for the next change.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runServer, type ServerFlags } from './serve';
import { describeChanges, watchApp, type FileChange } from './app-watcher';
import { localPluginDirs } from './local-plugin-dirs';

/** past this, a server that does not stop on SIGTERM is killed */
const STOP_TIMEOUT_MS = 5000;
const CHILD_FLAG = 'PLATFORM_DEVELOP_CHILD';
/**
 * Run from the repository's sources (this very file is TypeScript), the servers run from them
 * too: under this condition the plugin packages resolve to their sources (core/bin/platform.js).
 */
const SERVER_EXEC_ARGV = __filename.endsWith('.ts') ? [...process.execArgv, '--conditions=platform-source'] : process.execArgv;

export async function runDevelop(appDir: string, flags: ServerFlags = {}): Promise<void> {
  if (process.env[CHILD_FLAG]) {
    await runServer(appDir, { workers: 1, mode: 'development', ...flags });
    return;
  }
  const say = (line: string) => process.stderr.write(`platform develop: ${line}\n`);
  let child: ChildProcess | null = null;
  let restartStarted = 0;
  let restarting = false;
  let stoppedIn = 0;
  // A server that generates a missing secret appends it to `.env` while it boots
  // (kernel/secrets.ts); that append is its own doing, not a change to restart for.
  const envFile = path.join(appDir, '.env');
  const readEnvFile = () => (fs.existsSync(envFile) ? fs.readFileSync(envFile, 'utf8') : '');
  let envSeen = readEnvFile();
  let bootWindowEnds = Number.POSITIVE_INFINITY;
  const ownEnvAppend = (change: FileChange): boolean => {
    if (change.file !== envFile || (change.event !== 'change' && change.event !== 'add') || Date.now() > bootWindowEnds) return false;
    const now = readEnvFile();
    const own = now.startsWith(envSeen) && /^([A-Z_][A-Z0-9_]*=.*\n)*$/.test(now.slice(envSeen.length));
    if (own) envSeen = now;
    return own;
  };

  const startChild = (): ChildProcess => {
    const args = ['develop', '--app', appDir];
    if (flags.port !== undefined) args.push('--port', String(flags.port));
    if (flags.host !== undefined) args.push('--host', flags.host);
    const started = fork(path.join(__dirname, '..', '..', 'bin', 'platform.js'), args, {
      env: { ...process.env, [CHILD_FLAG]: '1', NODE_ENV: process.env.NODE_ENV ?? 'development' },
      execArgv: SERVER_EXEC_ARGV,
      stdio: 'inherit',
    });
    envSeen = readEnvFile();
    bootWindowEnds = Number.POSITIVE_INFINITY;
    started.on('message', (message: { type?: string }) => {
      if (message?.type !== 'platform:ready') return;
      // the watcher reports a write some tens of milliseconds after it happened
      bootWindowEnds = Date.now() + 1000;
      if (!restartStarted) return;
      say(`reloaded in ${Date.now() - restartStarted} ms (the old server stopped in ${stoppedIn} ms)`);
      restartStarted = 0;
    });
    started.on('exit', (code) => {
      bootWindowEnds = Math.min(bootWindowEnds, Date.now());
      if (child === started && code !== 0 && code !== null) say(`the server stopped (exit code ${code}); waiting for a change`);
    });
    return started;
  };

  const stopChild = (old: ChildProcess | null): Promise<void> =>
    new Promise((resolve) => {
      if (!old || old.exitCode !== null || old.signalCode !== null) return resolve();
      const kill = setTimeout(() => old.kill('SIGKILL'), STOP_TIMEOUT_MS);
      old.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      old.kill('SIGTERM');
    });

  const watcher = watchApp(appDir, (batch) => {
    const changes = batch.filter((change) => !ownEnvAppend(change));
    if (changes.length > 0) void restart(changes);
  });
  const followPlugins = () => {
    try {
      watcher.setExtraDirs(localPluginDirs(appDir));
    } catch {
      // config/plugins.ts does not load: the server says why; keep watching what we had
    }
  };

  async function restart(changes: FileChange[]): Promise<void> {
    // While the old server stops, the new one has not read anything yet: it will see these too.
    if (restarting) return;
    restarting = true;
    say(`${describeChanges(appDir, changes)}; restarting`);
    restartStarted = Date.now();
    const old = child;
    child = null;
    await stopChild(old);
    stoppedIn = Date.now() - restartStarted;
    followPlugins();
    child = startChild();
    restarting = false;
  }

  followPlugins();
  await watcher.ready;
  child = startChild();
  const stop = () => {
    void watcher.close();
    void stopChild(child).then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await new Promise(() => {});
}
