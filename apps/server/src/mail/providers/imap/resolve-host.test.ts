import { describe, expect, it, vi } from 'vitest';

// The server's interfaces as the host would report them, with one public address (never dialled: the check
// happens before any connection, and a refusal stops there).
const OWN_PUBLIC = '100.63.0.7';
vi.mock('node:os', async (importOriginal) => {
  const os = await importOriginal<typeof import('node:os')>();
  return {
    ...os,
    networkInterfaces: () => ({
      ...os.networkInterfaces(),
      uplink9: [
        {
          address: OWN_PUBLIC,
          netmask: '255.255.255.0',
          family: 'IPv4' as const,
          mac: '02:00:00:00:00:09',
          internal: false,
          cidr: `${OWN_PUBLIC}/24`,
        },
      ],
    }),
  };
});

const { isPrivateAddress, resolveHost } = await import('./resolve-host');

describe('isPrivateAddress', () => {
  it("refuses the server's own interface addresses, even a public one", async () => {
    expect(isPrivateAddress(OWN_PUBLIC)).toBe(true);
    expect(isPrivateAddress(`::ffff:${OWN_PUBLIC}`)).toBe(true);
    expect(await resolveHost(OWN_PUBLIC, false)).toEqual({ ok: false, reason: 'private' });
    // Private hosts allowed (development, the Dovecot suites): nothing is refused.
    expect(await resolveHost(OWN_PUBLIC, true)).toEqual({ ok: true, address: OWN_PUBLIC });
  });

  it('refuses the documentation, benchmarking, relay and translation ranges', () => {
    for (const address of [
      '192.0.2.10',
      '198.51.100.1',
      '203.0.113.200',
      '198.18.0.1',
      '198.19.255.254',
      '192.88.99.1',
      '240.0.0.1',
      '2001:db8::1',
      '3fff::1',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001::1',
      '100::1',
      '::ffff:7f00:1',
      '::7f00:1',
      'fec0::1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
  });

  it('lets ordinary public mail hosts through', () => {
    for (const address of ['64.233.184.108', '40.99.10.2', '2a00:1450:400c:c0b::6c', '::ffff:64.233.184.108'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
