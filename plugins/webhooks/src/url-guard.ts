/**
 * Where a webhook may point. Never at the server itself (a loop, and a way into routes that trust
 * the machine): not at its public url (`server.url`), and not at a port it listens on through an
 * address of this machine (loopback, unspecified, or one of its interfaces). With
 * `refusePrivateAddresses`, not at a private, loopback or link-local address at all. The check
 * runs when a webhook is saved (names resolved once) and again on the address each request
 * connects to (./sender.ts looks names up through `lookup` below), so a name that resolves
 * elsewhere later is caught too. Only http and https are ever requested.
 */
import dns from 'node:dns';
import net from 'node:net';
import os from 'node:os';

export interface OwnServer {
  /** ports the server listens on (`server.port`, and the one it actually got) */
  ports: Set<number>;
  /** its public origin (`server.url`), when configured */
  origins: Set<string>;
}

const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

const LOCAL = new net.BlockList();
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addAddress('0.0.0.0', 'ipv4');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addAddress('::', 'ipv6');

/** `::ffff:1.2.3.4` is 1.2.3.4 */
function plain(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

/** an address of this machine: loopback, unspecified, or one of its interfaces' */
export function isOwnMachine(address: string): boolean {
  const ip = plain(address);
  if (LOCAL.check(ip.address, ip.family)) return true;
  for (const list of Object.values(os.networkInterfaces())) {
    for (const item of list ?? []) if (plain(item.address).address === ip.address) return true;
  }
  return false;
}

export function isPrivateAddress(address: string): boolean {
  const ip = plain(address);
  return PRIVATE.check(ip.address, ip.family);
}

export function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Why a connection to `address`:`port` is refused, or null. */
export function refusedAddress(address: string, port: number, own: OwnServer, refusePrivate: boolean): string | null {
  if (own.ports.has(port) && isOwnMachine(address)) return `points at this server itself (${address} port ${port})`;
  if (refusePrivate && isPrivateAddress(address)) return `points at a private address (${address}), which this server refuses (refusePrivateAddresses)`;
  return null;
}

/** Why `url` is refused before any name is resolved, or null. */
export function refusedUrl(url: URL, own: OwnServer, refusePrivate: boolean): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `uses ${url.protocol}; only http and https are requested`;
  if (own.origins.has(url.origin)) return `points at this server itself (${url.origin})`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return refusedAddress(host, portOf(url), own, refusePrivate);
  return null;
}

/** Why `url` is refused, its name resolved: for a webhook being saved. */
export async function checkTarget(url: URL, own: OwnServer, refusePrivate: boolean): Promise<string | null> {
  const early = refusedUrl(url, own, refusePrivate);
  if (early) return early;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return null;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    // A name that does not resolve yet is no danger: each request checks what it connects to.
    return null;
  }
  for (const { address } of addresses) {
    const refused = refusedAddress(address, portOf(url), own, refusePrivate);
    if (refused) return refused;
  }
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the HTTP agent: resolves as usual, then refuses the connection when an address
 * it would use is one the webhook may not reach.
 */
export function guardedLookup(port: number, own: OwnServer, refusePrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as dns.LookupAddress[];
      for (const { address } of list) {
        const refused = refusedAddress(address, port, own, refusePrivate);
        if (refused) return callback(Object.assign(new Error(`refused: the webhook url ${refused}`), { code: 'EREFUSED_TARGET' }), '');
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
