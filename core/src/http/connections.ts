/**
 * Which connections of a server carry a request. At shutdown, node's `closeIdleConnections()`
 * closes keep-alive connections between requests, but not a connection that was opened and has
 * not sent a request yet (a browser's preconnect, a pooled client's spare socket): `server.close()`
 * then waits for it until the grace period ends (`server.shutdownTimeout`, 10 s), so an idle
 * server took seconds to stop. Such a connection is closed like an idle one.
 */
import type http from 'node:http';
import type net from 'node:net';

export interface ConnectionTracker {
  /** closes every connection that has no request in flight */
  closeUnused(): void;
}

const trackers = new WeakMap<http.Server, ConnectionTracker>();

export function trackConnections(server: http.Server): void {
  const inFlight = new Map<net.Socket, number>();
  const open = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      inFlight.delete(socket);
    });
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      if (left > 0) inFlight.set(socket, left);
      else inFlight.delete(socket);
    });
  });
  trackers.set(server, {
    closeUnused() {
      for (const socket of open) if (!inFlight.has(socket)) socket.destroy();
    },
  });
}

/** Closes the connections of `server` without a request in flight (those node would keep open). */
export function closeUnusedConnections(server: http.Server): void {
  server.closeIdleConnections();
  trackers.get(server)?.closeUnused();
}
