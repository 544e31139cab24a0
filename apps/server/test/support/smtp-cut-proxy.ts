import net from 'node:net';

/**
 * A loopback TCP proxy in front of an SMTP server, for sends whose outcome is unknown (decision 029). Its mode
 * is read at each new connection:
 * - 'pass': bytes flow both ways unchanged;
 * - 'refuse': the server's refusal of a connection — a 421 greeting, then the close (RFC 5321 §3.1): nothing
 *   can have been sent;
 * - 'cut-after-data': once the client has sent more than `dataBytes` (only the message itself is that large:
 *   the commands and the TLS handshake are small), the server's next answer — its reply to the end of the
 *   data, i.e. after it took the message — is dropped with both connections. TLS stays end to end: the
 *   proxy never reads the traffic, it only counts it. Each cut or refusal happens once, then it passes.
 */
export type SmtpCutProxy = {
  port: number;
  mode: 'pass' | 'refuse' | 'cut-after-data';
  /** Connections refused or cut so far. */
  faults: number;
  close(): Promise<void>;
};

export async function startSmtpCutProxy(target: { host: string; port: number }, dataBytes: number) {
  const sockets = new Set<net.Socket>();
  const proxy: SmtpCutProxy = { port: 0, mode: 'pass', faults: 0, close: async () => undefined };
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    client.on('close', () => sockets.delete(client));
    if (proxy.mode === 'refuse') {
      proxy.mode = 'pass';
      proxy.faults += 1;
      client.end('421 4.3.2 Service not available, closing transmission channel\r\n');
      return;
    }
    const isCutting = proxy.mode === 'cut-after-data';
    if (isCutting) proxy.mode = 'pass';
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
    let sent = 0;
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (isCutting && sent > dataBytes) {
        proxy.faults += 1;
        upstream.destroy();
        client.destroy();
        return;
      }
      client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as net.AddressInfo).port;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
