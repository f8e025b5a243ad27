/**
 * For the webhooks workload: a receiver in the bench process (its CPU is not the server's), and
 * the app folder of a server that posts every created entry to it through `count` declared
 * webhooks. The app's api/ and components/ are linked, its config/ copied, and its
 * config/plugins.ts adds the webhooks over the app's own.
 *
 * With `count` 0, the folder of a server without webhooks to measure beside one with them on the
 * same database: it never looks for due deliveries (a poll interval of a day), since it would
 * take up the ones the other server left waiting in the database (past `maxQueued`) and fail
 * them as deliveries to a webhook it does not have: they would never reach the receiver, and
 * their cost would be counted to the wrong server.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface BenchReceiver {
  url: string;
  /** requests received so far */
  count(): number;
  close(): Promise<void>;
}

export async function startBenchReceiver(): Promise<BenchReceiver> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-length': '0' });
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: () => received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function webhooksAppDir(root: string, receiverUrl: string, count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-bench-webhooks-'));
  for (const name of ['api', 'components', 'public']) {
    if (fs.existsSync(path.join(root, name))) fs.symlinkSync(path.join(root, name), path.join(dir, name));
  }
  fs.cpSync(path.join(root, 'config'), path.join(dir, 'config'), { recursive: true });
  const webhooks = Array.from({ length: count }, (_, i) => ({ name: `bench-${i + 1}`, url: `${receiverUrl}/hook-${i + 1}`, events: ['entry.create'] }));
  const config = count > 0 ? { webhooks } : { webhooks, pollInterval: 24 * 60 * 60 * 1000 };
  fs.writeFileSync(
    path.join(dir, 'config', 'plugins.ts'),
    `import base from ${JSON.stringify(path.join(root, 'config', 'plugins'))};\nexport default (args: Parameters<typeof base>[0]) => ({ ...base(args), webhooks: { config: ${JSON.stringify(config)} } });\n`,
  );
  return dir;
}
