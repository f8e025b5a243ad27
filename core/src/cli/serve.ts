/**
 * Boots a platform for an app folder and serves it until SIGTERM/SIGINT, which finish
 * in-flight requests and then close the database. With `workers > 1`, node:cluster forks
 * that many processes sharing the port and the database.
 */
import cluster from 'node:cluster';
import { Platform, UNAUTHENTICATED_WARNING } from '../kernel/platform';
import { ACK_TIMEOUT_MS, createClusterRelay, type RelayWorker } from '../cluster/cluster-relay';
import type { RunMode } from '../kernel/secrets';
import { assertServableApp } from '../app/app-layout';
import { collectAfterStartUp } from './startup-gc';

/** develop generates a missing secret into `.env`; start refuses to run without it. */
function secretsMode(mode: 'production' | 'development'): RunMode {
  return mode === 'development' ? 'develop' : 'start';
}

/** Whether `host` is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::ffff:127.0.0.1';
}

/** `--port` and `--host`: they win over PORT and HOST, which win over config/server.ts */
export interface ServerFlags {
  port?: number;
  host?: string;
}

export async function runServer(appDir: string, options: { workers: number; mode: 'production' | 'development' } & ServerFlags): Promise<void> {
  assertServableApp(appDir);
  if (options.workers > 1 && cluster.isPrimary) {
    // The schema is synced once, here, before the workers start: workers booting at the same
    // time on a fresh database would otherwise race to create the same tables.
    const syncing = new Platform({ appDir, mode: secretsMode(options.mode) });
    await syncing.start();
    await syncing.destroy();
    for (let i = 0; i < options.workers; i++) cluster.fork();
    // A worker's broadcast (../cluster/broadcast.ts) reaches every other worker; one sent with
    // publishAndWait is answered once they all ran it (../cluster/cluster-relay.ts).
    const replaced = new WeakSet<RelayWorker>();
    const relay = createClusterRelay(() => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined), {
      ackTimeoutMs: ACK_TIMEOUT_MS,
      onUnresponsive(worker) {
        replaced.add(worker);
        process.stderr.write(`platform: a worker did not acknowledge an invalidation in ${ACK_TIMEOUT_MS} ms; it is replaced\n`);
      },
    });
    cluster.on('message', (from, message: unknown) => relay.receive(from, message));
    let stopping = false;
    cluster.on('exit', (worker, code) => {
      relay.exited(worker);
      if (!stopping && replaced.has(worker)) {
        cluster.fork();
        return;
      }
      if (!stopping) process.stderr.write(`platform: worker ${worker.process.pid} exited with code ${code}\n`);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping ? 0 : 1);
    });
    const stop = () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return;
  }
  if (options.mode === 'production' && !process.env.NODE_ENV) process.env.NODE_ENV = 'production';
  const started = Date.now();
  const platform = new Platform({ appDir, mode: secretsMode(options.mode) });
  platform.configure();
  // --port/--host, then PORT/HOST, win over config/server.ts; a PORT that is not a number is named, not ignored.
  const port = options.port ?? platform.env.int('PORT');
  const host = options.host ?? platform.env('HOST');
  // The port opens first (answering 503 while the platform starts), then the platform starts.
  await platform.listen(port, host);
  const { url } = platform.address();
  platform.log.info(`platform ${options.mode === 'development' ? 'develop' : 'start'}: serving ${appDir} at ${url} (started in ${Date.now() - started} ms)`);
  const listening = platform.config<string>('server.host', '0.0.0.0');
  if (options.mode === 'production' && !platform.authenticates() && !isLoopbackHost(host ?? listening)) {
    platform.log.warn(`${UNAUTHENTICATED_WARNING}; this server listens on ${host ?? listening}, beyond this machine`);
  }
  if (process.send) process.send({ type: 'platform:ready', url });
  // what loading and booting left behind goes back to the system once the server is up (./startup-gc.ts)
  if (options.mode === 'production') collectAfterStartUp();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    platform.log.info(`${signal}: finishing in-flight requests`);
    await platform.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
