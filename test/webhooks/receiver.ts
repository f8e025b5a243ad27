/**
 * A real HTTP receiver for webhook tests, on a port of its own: it records every request (method,
 * path, headers, raw body, parsed body) and answers what the test tells it (200 by default). It
 * can be stopped and started again, to play a receiver that is down for a while: while stopped it
 * keeps its port and resets every connection, because a port it let go of could be taken by any
 * other process on the machine (another suite's server or outgoing connection) before `start`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Json } from '../helpers/json';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  /** the parsed JSON body ({} when it is no JSON) */
  body: Json;
  at: number;
}

/** What to answer a request: a status, or a status with headers and body. */
export type Answer = number | { status: number; headers?: Record<string, string>; body?: string; delayMs?: number };

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** decides the answer of each request (the request, and how many came before it) */
  answer: (request: Received, index: number) => Answer;
  /** resets every connection until `start` (the sender sees `socket hang up`) */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** lets the port go */
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const sockets = new Set<import('node:net').Socket>();
  const receiver: Receiver = {
    url: '',
    port: 0,
    received: [],
    answer: () => 200,
    stop,
    start,
    close,
  };
  let server: http.Server | null = null;
  let down = false;

  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Json = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* kept as raw */
      }
      const request: Received = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body, at: Date.now() };
      const index = receiver.received.length;
      receiver.received.push(request);
      const answer = receiver.answer(request, index);
      const spec = typeof answer === 'number' ? { status: answer } : answer;
      const send = () => {
        res.writeHead(spec.status, spec.headers ?? {});
        res.end(spec.body ?? '');
      };
      if (spec.delayMs) setTimeout(send, spec.delayMs);
      else send();
    });
  }

  async function start(): Promise<void> {
    down = false;
    if (server) return;
    const created = http.createServer(handle);
    created.on('connection', (socket) => {
      if (down) {
        socket.resetAndDestroy();
        return;
      }
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      created.once('error', reject);
      created.listen(receiver.port || port, '127.0.0.1', () => resolve());
    });
    server = created;
    receiver.port = (created.address() as AddressInfo).port;
    receiver.url = `http://127.0.0.1:${receiver.port}`;
  }

  async function stop(): Promise<void> {
    down = true;
    for (const socket of sockets) socket.resetAndDestroy();
  }

  async function close(): Promise<void> {
    const running = server;
    if (!running) return;
    server = null;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => running.close(() => resolve()));
  }

  await start();
  return receiver;
}
