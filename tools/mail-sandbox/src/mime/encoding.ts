const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 5322 date, e.g. `Tue, 4 Mar 2025 09:12:45 +0000`. */
export function formatRfc2822Date(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(
    d.getUTCHours(),
  )}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

/** RFC 2047 B-encoding for header text that is not plain ASCII. */
export function encodeHeaderText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: checking for the ASCII range on purpose
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

export function decodeHeaderText(text: string): string {
  const decoded = text.replace(/\?=\s+=\?/g, '?==?');
  return decoded.replace(
    /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
    (_match, _charset: string, encoding: string, data: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      return decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8');
    },
  );
}

export function encodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/\r?\n/g, '\r\n'), 'utf8');
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(
        line.replace(/[ \t]$/, (c) => `=${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`),
      );
      line = '';
      i++;
      continue;
    }
    const isPlain = (byte >= 33 && byte <= 126 && byte !== 61) || byte === 32 || byte === 9;
    const token = isPlain
      ? String.fromCharCode(byte)
      : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    if (line.length + token.length > 75) {
      lines.push(`${line}=`);
      line = '';
    }
    line += token;
  }
  lines.push(line);
  return lines.join('\r\n');
}

export function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i];
    const hex = soft.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      // Input is latin1-decoded wire text, so each char is one byte.
      bytes.push((char ?? '').charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Base64 wrapped at 76 characters, as MIME bodies are. */
export function wrapBase64(data: Buffer): string {
  const encoded = data.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join('\r\n');
}

/** Reads a parameter such as `boundary` or `filename` from a structured header value. */
export function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`(?:^|;)\\s*${name}\\*?=\\s*("([^"]*)"|[^;\\s]+)`, 'i').exec(value);
  if (!match) return undefined;
  const raw = match[2] ?? match[1] ?? '';
  return decodeHeaderText(raw.replace(/^UTF-8''/i, ''));
}
