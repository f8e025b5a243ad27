/**
 * One attempt to deliver one body to one webhook: a POST with Strapi v4's headers (the app's
 * `webhooks.defaultHeaders`, the webhook's own, `X-Strapi-Event`, `Content-Type`), Standard
 * Webhooks' `webhook-id` and `webhook-timestamp` (and `webhook-signature` when the webhook has a
 * secret), over kept-alive connections. The attempt has one time limit from connecting to the
 * end of the answer; a redirect is an answer like any other, never followed; at most 1 KiB of
 * the answer is kept (the history shows it) and an answer past 64 KiB is cut off.
 */
import http from 'node:http';
import https from 'node:https';
import { guardedLookup, portOf, refusedUrl, type OwnServer } from './url-guard';
import { signature } from './signing';

export interface SendTarget {
  url: string;
  headers: Record<string, string>;
  secret: string | null;
}

export interface AttemptResult {
  ok: boolean;
  /** the answer's status; null when there was none (refused, unreachable, timed out) */
  status: number | null;
  /** the start of the answer's body when it was no success, or what went wrong */
  message: string | null;
  durationMs: number;
  /** a 429 or 503's Retry-After, in ms */
  retryAfterMs: number | null;
  /** the url may never be requested: retrying is useless */
  refused: boolean;
}

export interface SenderOptions {
  timeout: number;
  own: OwnServer;
  refusePrivate: boolean;
  defaultHeaders: () => Record<string, string>;
}

const KEPT = 1024;
const READ_LIMIT = 64 * 1024;

function retryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export interface Sender {
  send(target: SendTarget, event: string, id: string, body: string): Promise<AttemptResult>;
  destroy(): void;
}

export function createSender(options: SenderOptions): Sender {
  const agents = { http: new http.Agent({ keepAlive: true, scheduling: 'lifo' }), https: new https.Agent({ keepAlive: true, scheduling: 'lifo' }) };

  function send(target: SendTarget, event: string, id: string, body: string): Promise<AttemptResult> {
    const started = Date.now();
    const result = (ok: boolean, status: number | null, message: string | null, extra: Partial<AttemptResult> = {}): AttemptResult => ({
      ok,
      status,
      message,
      durationMs: Date.now() - started,
      retryAfterMs: null,
      refused: false,
      ...extra,
    });
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      return Promise.resolve(result(false, null, `refused: "${target.url}" is not a valid url`, { refused: true }));
    }
    const refused = refusedUrl(url, options.own, options.refusePrivate);
    if (refused) return Promise.resolve(result(false, null, `refused: the webhook url ${refused}`, { refused: true }));
    const timestamp = Math.floor(started / 1000);
    const headers: Record<string, string | number> = {
      ...options.defaultHeaders(),
      ...target.headers,
      'X-Strapi-Event': event,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'webhook-id': id,
      'webhook-timestamp': timestamp,
    };
    if (target.secret) headers['webhook-signature'] = signature(target.secret, id, timestamp, body);
    const secure = url.protocol === 'https:';
    const attempt = (retried: boolean): Promise<AttemptResult> =>
      new Promise((resolve) => {
        let settled = false;
        const finish = (value: AttemptResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(value);
        };
        const request = (secure ? https : http).request(url, {
          method: 'POST',
          headers,
          agent: secure ? agents.https : agents.http,
          lookup: guardedLookup(portOf(url), options.own, options.refusePrivate),
        });
        const timer = setTimeout(() => {
          request.destroy(Object.assign(new Error(`no answer within ${options.timeout} ms`), { code: 'ETIMEDOUT' }));
        }, options.timeout);
        request.on('error', (error: NodeJS.ErrnoException) => {
          // a kept-alive connection the receiver had closed meanwhile: the request never reached it
          if (!retried && request.reusedSocket && error.code === 'ECONNRESET' && !settled) {
            settled = true;
            clearTimeout(timer);
            resolve(attempt(true));
            return;
          }
          finish(result(false, null, error.message, { refused: error.code === 'EREFUSED_TARGET' }));
        });
        request.on('response', (response) => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const chunks: Buffer[] = [];
          let kept = 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (!ok && kept < KEPT) {
              chunks.push(chunk);
              kept += chunk.length;
            }
            // the rest is of no use: the connection is dropped rather than read on
            if (read > READ_LIMIT) response.destroy();
          });
          const done = () => {
            let message: string | null = null;
            if (status >= 300 && status < 400) message = `redirect not followed${response.headers.location ? ` (Location: ${response.headers.location})` : ''}`;
            else if (!ok) message = Buffer.concat(chunks).toString('utf8').slice(0, KEPT);
            finish(result(ok, status, message, { retryAfterMs: status === 429 || status === 503 ? retryAfter(response.headers['retry-after']) : null }));
          };
          response.on('end', done);
          response.on('close', done);
          response.on('error', () => done());
        });
        request.end(body);
      });
    return attempt(false);
  }

  return {
    send,
    destroy() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
