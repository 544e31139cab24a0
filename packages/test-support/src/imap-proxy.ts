import net from 'node:net';

/** Rewrites one line (without its CRLF) going one way; answers the line to send instead. */
export type LineRewrite = (line: string) => string;

/** A plain-text IMAP proxy on loopback in front of a test Dovecot, rewriting lines as a real host would speak. */
export type ImapProxy = {
  host: '127.0.0.1';
  port: number;
  /** Every line the client sent, as sent (before any rewriting). */
  clientLines: string[];
  close(): Promise<void>;
};

/**
 * Starts a line-rewriting proxy to `target` (Dovecot's plain IMAP port). Each direction is cut at CRLF and
 * rewritten line by line (bytes kept as latin1, so message sources pass unchanged unless a rewrite matches them):
 * a test makes Dovecot answer like a host it cannot configure it to be, e.g. Yahoo's HIGHESTMODSEQ without
 * CONDSTORE, or Gmail's `NO [ALERT]` to LOGIN. Test support only: never TLS, never outside loopback.
 */
export async function startImapProxy(options: {
  target: { host: string; port: number };
  fromClient?: LineRewrite;
  fromServer?: LineRewrite;
  /** The port to listen on (a proxy started again where a closed one was); any free port by default. */
  port?: number;
}): Promise<ImapProxy> {
  const clientLines: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(options.target.port, options.target.host);
    sockets.add(client).add(upstream);
    pipeLines(client, upstream, (line) => {
      clientLines.push(line);
      return options.fromClient ? options.fromClient(line) : line;
    });
    pipeLines(upstream, client, options.fromServer ?? ((line) => line));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  return {
    host: '127.0.0.1',
    port: (server.address() as net.AddressInfo).port,
    clientLines,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

function pipeLines(from: net.Socket, to: net.Socket, rewrite: LineRewrite): void {
  let pending = '';
  from.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    let end = pending.indexOf('\r\n');
    while (end >= 0) {
      to.write(Buffer.from(`${rewrite(pending.slice(0, end))}\r\n`, 'latin1'));
      pending = pending.slice(end + 2);
      end = pending.indexOf('\r\n');
    }
  });
}
