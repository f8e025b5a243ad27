/**
 * The port opens before the platform has started (when `listen()` is called first): until it
 * has, every request gets the 503 envelope, `/_health` included, so an orchestrator sees a node
 * that is starting rather than a refused connection. Then the koa app takes over.
 */
import type http from 'node:http';
import { ServiceUnavailableError } from '../errors';
import { toErrorBody } from './error-envelope';

export function answerStarting(req: http.IncomingMessage, res: http.ServerResponse): void {
  const { status, body } = toErrorBody(new ServiceUnavailableError());
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), 'retry-after': '1' });
  res.end(req.method === 'HEAD' ? undefined : json);
  // The request body, if any, is not read: let it drain rather than stall the socket.
  req.resume();
}

/** A request listener whose target can be replaced once (the starting answer, then the app). */
export class SwitchableHandler {
  constructor(private target: http.RequestListener) {}

  readonly listener: http.RequestListener = (req, res) => this.target(req, res);

  use(target: http.RequestListener): void {
    this.target = target;
  }
}
