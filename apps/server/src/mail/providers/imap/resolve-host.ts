import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Addresses a server must not be asked to connect to for a user (the IANA special-purpose registries, RFC 6890
 * and its updates): loopback, private, shared, link-local, unspecified, multicast, documentation, benchmarking,
 * relay and translation ranges (a NAT64 or 6to4 address can lead back into a private network).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** The server's own addresses, on every interface (a public one too: asking it to dial itself probes its ports). */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces()))
    for (const entry of entries ?? []) own.add(entry.address.replace(/%.*$/, '').toLowerCase());
  return own;
}

/**
 * Whether an IP address is one of the server's own, or loopback, private, link-local, unspecified, multicast or
 * otherwise reserved (IPv4-mapped too).
 */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  if (ownAddresses().has(address.toLowerCase())) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a server on a private address is refused: Test connection's step and every later connection say it alike.
 * Nothing is dialled first, so the words and the time taken are the same whether a port there is open or closed.
 */
export const privateHostRefusal = (kind: 'IMAP' | 'SMTP', host: string) =>
  `The ${kind} server ${host} is on a private network address, which this server does not connect to.`;

export type ResolvedHost = { ok: true; address: string } | { ok: false; reason: 'not_found' | 'private' };

/**
 * The address a host name resolves to, checked before anything connects to it: a name that resolves to any
 * private address is refused (unless private hosts are allowed), and the caller connects to the address checked
 * here, not to the name again (no second lookup an attacker's DNS could answer differently).
 */
export async function resolveHost(host: string, allowPrivate: boolean): Promise<ResolvedHost> {
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return { ok: false, reason: 'not_found' };
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'not_found' };
  if (!allowPrivate && addresses.some(isPrivateAddress)) return { ok: false, reason: 'private' };
  return { ok: true, address: first };
}
