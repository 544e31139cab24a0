/** A small RFC 822 message builder for tests that call Gmail messages.send. */
export function rfc822(headers: Record<string, string>, body = 'Hello from the test.'): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${lines.join('\r\n')}\r\nContent-Type: text/plain; charset="UTF-8"\r\n\r\n${body}\r\n`;
}

export function raw(headers: Record<string, string>, body?: string): string {
  return Buffer.from(rfc822(headers, body)).toString('base64url');
}
