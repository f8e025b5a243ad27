/**
 * What `countQueries` counts: the statements issued on behalf of the code it measures, and no
 * other statement the process issues meanwhile (a plugin's background loop, a timer, a request
 * the measured code did not send), however the machine's load interleaves them.
 *
 * The measured function runs inside a window (an AsyncLocalStorage store). knex emits `query`
 * synchronously as a statement starts, in the async context of the code that awaited it (a
 * transaction's BEGIN and COMMIT included), so the store there tells whose statement it is. An
 * HTTP request is handled in the server's async context, not in the one that sent it: the test's
 * request helper marks a request sent inside a window with a header naming the window, and the
 * server's handler runs that request inside it (attributeRequests).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type http from 'node:http';
import type { QueryEvent } from '@platform/core';

const WINDOW_HEADER = 'x-test-query-window';

interface QueryWindow {
  id: string;
  queries: QueryEvent[];
}

const storage = new AsyncLocalStorage<QueryWindow>();
const open = new Map<string, QueryWindow>();
let opened = 0;

/**
 * Runs `fn` in a new window and returns what it gave with the statements issued on its behalf.
 * `onQuery` subscribes to every statement of the database (`Database#onQuery`).
 */
export async function measureQueries<T>(onQuery: (listener: (event: QueryEvent) => void) => () => void, fn: () => Promise<T>): Promise<{ result: T; count: number; queries: QueryEvent[] }> {
  opened += 1;
  const window: QueryWindow = { id: String(opened), queries: [] };
  const off = onQuery((event) => {
    if (storage.getStore() === window) window.queries.push(event);
  });
  open.set(window.id, window);
  try {
    const result = await storage.run(window, fn);
    return { result, count: window.queries.length, queries: window.queries };
  } finally {
    open.delete(window.id);
    off();
  }
}

/** The header that marks a request sent inside a window (none outside one). */
export function windowHeaders(): Record<string, string> {
  const window = storage.getStore();
  return window ? { [WINDOW_HEADER]: window.id } : {};
}

/** Makes `server` handle a request marked by windowHeaders inside the window it names. */
export function attributeRequests(server: http.Server): void {
  const listeners = server.listeners('request') as http.RequestListener[];
  server.removeAllListeners('request');
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    for (const listener of listeners) listener.call(server, req, res);
  };
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const id = req.headers[WINDOW_HEADER];
    const window = typeof id === 'string' ? open.get(id) : undefined;
    if (!window) return handle(req, res);
    // the app sees the request as the test wrote it
    delete req.headers[WINDOW_HEADER];
    storage.run(window, () => handle(req, res));
  });
}
