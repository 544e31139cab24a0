import net from 'node:net';

/**
 * A loopback TCP proxy in front of PostgreSQL that a test can take down and bring back, as a stopped server
 * looks to its clients: `down()` drops every open connection and stops listening (new connections are refused,
 * ECONNREFUSED), `up()` listens again on the same port. The shared test server itself is never touched.
 */
export type DatabaseCutProxy = {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startDatabaseCutProxy(target: {
  host: string;
  port: number;
}): Promise<DatabaseCutProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    client.on('error', () => undefined);
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  await listen();
  return {
    get port() {
      return port;
    },
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    down: stop,
    up: listen,
    close: stop,
  };
}
