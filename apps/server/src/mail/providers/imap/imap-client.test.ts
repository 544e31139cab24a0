import net from 'node:net';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImapAccount } from '../../core/imap-account';
import { ProviderError } from '../../core/transport/provider-error';
import { checkedAddress, connectImap, imapClientOptions, trustedCa } from './imap-client';
import { submitMail } from './imap-smtp';

const REFUSED = 'is on a private network address, which this server does not connect to.';

describe('every IMAP and SMTP connection checks the address its server name resolves to', () => {
  // A listener on loopback standing in for a service on the server's own network: nothing may reach it.
  let listener: net.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    listener = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  const account = (host: string): ImapAccount => ({
    imap: { host, port, security: 'tls' },
    smtp: { host, port, security: 'tls' },
    username: 'someone',
    password: 'not-sent-anywhere',
    ca: null,
  });

  it('refuses a server name on a private address unless private hosts are allowed', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '::1', '::ffff:192.168.1.10']) {
      const refusal = await checkedAddress({ host, port, security: 'tls' }, 'IMAP', false).catch(
        (error: unknown) => error,
      );
      expect(refusal, host).toBeInstanceOf(ProviderError);
      expect(refusal).toMatchObject({ kind: 'forbidden', message: `The IMAP server ${host} ${REFUSED}` });
    }
    await expect(checkedAddress({ host: '127.0.0.1', port, security: 'tls' }, 'SMTP', true)).resolves.toBe(
      '127.0.0.1',
    );
  });

  it('refuses before connecting: a sync, an IDLE or a send never opens a socket to a private address', async () => {
    const imap = await connectImap(account('127.0.0.1'), false).catch((error: unknown) => error);
    expect(imap).toMatchObject({ kind: 'forbidden', message: `The IMAP server 127.0.0.1 ${REFUSED}` });
    const smtp = await submitMail(
      account('localhost'),
      { from: 'someone@example.com', to: ['someone@example.com'] },
      'Subject: x\r\n\r\nx\r\n',
      false,
    ).catch((error: unknown) => error);
    expect(smtp).toMatchObject({ kind: 'forbidden', message: `The SMTP server localhost ${REFUSED}` });
    expect(connections).toBe(0);
  });
});

describe('IMAP_EXTRA_CA_FILE adds one CA to the public ones', () => {
  const extraCa = '-----BEGIN CERTIFICATE-----\nAn extra CA of the firm\n-----END CERTIFICATE-----\n';

  it("a connection with the extra CA still trusts Node's public CAs (Fastmail, iCloud … keep working)", () => {
    const options = imapClientOptions(
      {
        imap: { host: 'imap.fastmail.com', port: 993, security: 'tls' },
        smtp: { host: 'smtp.fastmail.com', port: 465, security: 'tls' },
        username: 'someone',
        password: 'secret',
        ca: extraCa,
      },
      '203.0.113.7',
    );
    // Node replaces its public CAs with `ca` when one is given: the list must carry them itself.
    expect(options.tls?.ca).toEqual([...rootCertificates, extraCa]);
    expect(trustedCa(extraCa).ca).toHaveLength(rootCertificates.length + 1);
    expect(trustedCa(null)).toEqual({});
  });
});
