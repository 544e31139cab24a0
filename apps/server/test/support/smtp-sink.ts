import net from 'node:net';

/** A minimal SMTP server that accepts every message and keeps its raw text, for tests of mailed links. */
export async function startSmtpSink(): Promise<{ url: string; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let isReadingData = false;
    let data = '';
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (isReadingData) {
          if (line === '.') {
            isReadingData = false;
            messages.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else {
            data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
        } else {
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO') socket.write('250-sink\r\n250 8BITMIME\r\n');
          else if (command === 'DATA') {
            isReadingData = true;
            socket.write('354 go ahead\r\n');
          } else if (command === 'QUIT') {
            socket.write('221 bye\r\n');
            socket.end();
          } else socket.write('250 OK\r\n');
        }
        index = buffer.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
