/**
 * Ports for servers a test starts, stops and starts again, or names before a child process
 * binds them. A port the system hands out for `listen(0)` comes from its ephemeral range, the
 * range every outgoing connection of every process on the machine (another suite's database
 * clients, say) also draws from: let go of one for a moment and anything may take it. So these
 * are drawn at random below that range, where only an explicit bind can land, and checked free.
 */
import fs from 'node:fs';
import net from 'node:net';

const LOWEST = 10000;

/** The first port of the system's ephemeral range (Linux tells it; elsewhere the IANA range). */
function ephemeralStart(): number {
  try {
    const [first] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(first);
    return Number.isInteger(value) && value > 0 ? value : 49152;
  } catch {
    return 49152;
  }
}

function listenOn(port: number): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(null) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A port held by a server of this process until `release`. */
export async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const top = ephemeralStart();
  // a system whose ephemeral range starts low leaves no room below it: take what it hands out
  const candidates = top - LOWEST > 1000 ? Array.from({ length: 50 }, () => LOWEST + Math.floor(Math.random() * (top - LOWEST))) : [0];
  for (const candidate of candidates) {
    const server = await listenOn(candidate);
    if (!server) continue;
    const { port } = server.address() as net.AddressInfo;
    return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
  }
  throw new Error(`no free port found below ${top}`);
}

/** A port that was free a moment ago, for a server about to bind it. */
export async function freePort(): Promise<number> {
  const held = await holdPort();
  await held.release();
  return held.port;
}
