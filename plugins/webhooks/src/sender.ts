/**
 * One attempt to deliver one body to one webhook: a POST with Strapi v4's headers (the app's
 * `webhooks.defaultHeaders`, the webhook's own, `X-Strapi-Event`, `Content-Type`), Standard
 * Webhooks' `webhook-id` and `webhook-timestamp` (and `webhook-signature` when the webhook has a
 * secret), over kept-alive connections. The attempt has one time limit from connecting to the
 * end of the answer; a redirect is an answer like any other, never followed; at most 1 KiB of
 * the answer is kept (the history shows it) and an answer past 64 KiB is cut off.
 *
 * The requests go through undici's dispatcher with a handler of its own rather than through
 * node:http: each delivery is a request, and undici's costs about a third less CPU per request
 * than node:http's ClientRequest and IncomingMessage streams (measured on a kept-alive local
 * receiver), which is most of what a delivery costs the server.
 */
import type { Agent, Dispatcher, Pool } from 'undici';
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
/** parsed webhook urls kept (a url is parsed once, not at each delivery); past that, the cache starts over */
const PARSED_URLS = 1000;

function retryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Headers of the connection and the message's framing, which the client sets itself: a
 * webhook's own or default headers naming one of them are left out (undici refuses several of
 * them outright, which would fail every delivery of a webhook a Strapi database holds).
 */
const CLIENT_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect', 'content-length']);

function withoutClientHeaders(headers: Record<string, string>): Record<string, string> {
  let kept: Record<string, string> | null = null;
  for (const name of Object.keys(headers)) {
    if (!CLIENT_HEADERS.has(name.toLowerCase())) continue;
    kept ??= { ...headers };
    delete kept[name];
  }
  return kept ?? headers;
}

/** the value of one header among undici's raw [name, value, ...] pairs */
function rawHeader(raw: Buffer[], name: string): string | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]?.toString('latin1').toLowerCase() === name) return raw[i + 1]?.toString('latin1');
  return undefined;
}

/**
 * A connection that failed before any answer came: on a kept-alive connection, most often one
 * the receiver had closed meanwhile (the request never reached it), so it is tried once more. Its
 * text is node's for the same case (`socket hang up`), as the history showed it before.
 */
const closedEarly = (error: NodeJS.ErrnoException) => error.code === 'UND_ERR_SOCKET' || error.code === 'ECONNRESET' || error.code === 'EPIPE';

export interface Sender {
  send(target: SendTarget, event: string, id: string, body: string): Promise<AttemptResult>;
  destroy(): void;
}

interface Parsed {
  url: URL;
  origin: string;
  path: string;
}

/** undici, loaded at the first delivery: an app with no webhook never loads its ~95 modules */
const undiciModule = () => require('undici') as typeof import('undici');

export function createSender(options: SenderOptions): Sender {
  let created: Agent | null = null;
  // one pool per origin, each with a lookup that checks the addresses it connects to for that port
  const agent = (): Agent => {
    if (created) return created;
    const undici = undiciModule();
    created = new undici.Agent({
      headersTimeout: options.timeout,
      bodyTimeout: options.timeout,
      connect: { timeout: options.timeout },
      factory: (origin, opts) =>
        new undici.Pool(origin, {
          ...(opts as Pool.Options),
          connect: { timeout: options.timeout, lookup: guardedLookup(portOf(new URL(String(origin))), options.own, options.refusePrivate) },
        }),
    });
    return created;
  };
  const parsedUrls = new Map<string, Parsed | null>();

  function parse(text: string): Parsed | null {
    let parsed = parsedUrls.get(text);
    if (parsed !== undefined) return parsed;
    try {
      const url = new URL(text);
      parsed = { url, origin: url.origin, path: `${url.pathname}${url.search}` };
    } catch {
      parsed = null;
    }
    if (parsedUrls.size >= PARSED_URLS) parsedUrls.clear();
    parsedUrls.set(text, parsed);
    return parsed;
  }

  function send(target: SendTarget, event: string, id: string, body: string): Promise<AttemptResult> {
    // undici loads before the attempt's time starts: loading the module is not the receiver's time
    const dispatcher = agent();
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
    const parsed = parse(target.url);
    if (!parsed) return Promise.resolve(result(false, null, `refused: "${target.url}" is not a valid url`, { refused: true }));
    // checked at each send: the ports the server listens on are known only once it listens
    const refused = refusedUrl(parsed.url, options.own, options.refusePrivate);
    if (refused) return Promise.resolve(result(false, null, `refused: the webhook url ${refused}`, { refused: true }));
    const timestamp = Math.floor(started / 1000);
    const headers: Record<string, string> = {
      ...withoutClientHeaders(options.defaultHeaders()),
      ...withoutClientHeaders(target.headers),
      'X-Strapi-Event': event,
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
    };
    if (target.secret) headers['webhook-signature'] = signature(target.secret, id, timestamp, body);
    const request: Dispatcher.DispatchOptions = { origin: parsed.origin, path: parsed.path, method: 'POST', headers, body };

    return new Promise((resolve) => {
      let settled = false;
      let retried = false;
      let abort: ((error?: Error) => void) | null = null;
      let timedOut: Error | null = null;
      let status: number | null = null;
      let ok = false;
      let message: string | null = null;
      let retryAfterMs: number | null = null;
      let chunks: Buffer[] = [];
      let kept = 0;
      let read = 0;

      const finish = (value: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      const answered = () => {
        if (status === null) return;
        if (!ok && message === null) message = Buffer.concat(chunks).toString('utf8').slice(0, KEPT);
        finish(result(ok, status, message, { retryAfterMs }));
      };
      const timer = setTimeout(() => {
        timedOut = Object.assign(new Error(`no answer within ${options.timeout} ms`), { code: 'ETIMEDOUT' });
        // an answer begun is the answer (as when it is cut off past the read limit)
        if (status !== null) answered();
        else finish(result(false, null, timedOut.message));
        abort?.(timedOut);
      }, options.timeout);

      const handler: Dispatcher.DispatchHandlers = {
        onConnect(abortRequest) {
          abort = abortRequest;
          // the time ran out while connecting: the request is not sent
          if (timedOut) abortRequest(timedOut);
        },
        onHeaders(statusCode, raw) {
          status = statusCode;
          ok = statusCode >= 200 && statusCode < 300;
          if (statusCode >= 300 && statusCode < 400) {
            const location = rawHeader(raw, 'location');
            message = `redirect not followed${location ? ` (Location: ${location})` : ''}`;
          }
          if (statusCode === 429 || statusCode === 503) retryAfterMs = retryAfter(rawHeader(raw, 'retry-after'));
          return true;
        },
        onData(chunk) {
          read += chunk.length;
          if (!ok && kept < KEPT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          // the rest is of no use: the connection is dropped rather than read on
          if (read > READ_LIMIT) {
            answered();
            abort?.();
          }
          return true;
        },
        onComplete() {
          answered();
        },
        onError(error: NodeJS.ErrnoException) {
          if (settled) return;
          if (status !== null) return answered();
          if (!retried && closedEarly(error) && !timedOut) {
            retried = true;
            abort = null;
            chunks = [];
            queueMicrotask(() => dispatcher.dispatch(request, handler));
            return;
          }
          const text = error.code === 'UND_ERR_SOCKET' ? 'socket hang up' : error.message;
          finish(result(false, null, text, { refused: error.code === 'EREFUSED_TARGET' }));
        },
      };
      dispatcher.dispatch(request, handler);
    });
  }

  return {
    send,
    destroy() {
      void created?.destroy();
      created = null;
    },
  };
}
