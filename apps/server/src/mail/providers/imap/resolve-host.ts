import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a server must not be asked to connect to for a user: loopback, private, link-local, unspecified. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local, unspecified, multicast or reserved (IPv4-mapped too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a server on a private address is refused: Test connection's step and every later connection say it alike. */
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
