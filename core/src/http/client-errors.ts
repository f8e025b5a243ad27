/**
 * What happens before koa sees a request: how long a client may take to send its headers and
 * its whole request (config/server.ts `headersTimeout`, `requestTimeout`; Node's defaults hold
 * a trickling body for five minutes), and the answer to a request Node itself refuses (a
 * timeout, a header too large, bytes that are not HTTP), in the REST envelope rather than
 * Node's bare status line.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { ApplicationError, BadRequestError, RequestTimeoutError } from '../errors';
import { toErrorBody } from './error-envelope';

export interface ServerTimeouts {
  /** ms a client has to send its request headers */
  headersTimeout: number;
  /** ms a client has to send its whole request, body included */
  requestTimeout: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = { headersTimeout: 20_000, requestTimeout: 60_000 };

export function serverOptions(timeouts: ServerTimeouts): http.ServerOptions {
  return {
    headersTimeout: Math.min(timeouts.headersTimeout, timeouts.requestTimeout),
    requestTimeout: timeouts.requestTimeout,
    // Node checks the timeouts on this beat (30 s by default): a few checks per timeout keep
    // the answer close to the limit.
    connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(Math.min(timeouts.headersTimeout, timeouts.requestTimeout) / 4))),
  };
}

function headerTooLarge(): ApplicationError {
  const error = new ApplicationError('Request Header Fields Too Large');
  error.status = 431;
  error.name = 'RequestHeaderFieldsTooLargeError';
  return error;
}

function errorFor(code: string | undefined): ApplicationError {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return new RequestTimeoutError();
  if (code === 'HPE_HEADER_OVERFLOW') return headerTooLarge();
  return new BadRequestError();
}

/** The server's `clientError` listener. */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // A response already started (or a socket already gone) cannot take another one.
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!socket.writable || started || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const { status, body } = toErrorBody(errorFor(error.code));
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` + `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}
