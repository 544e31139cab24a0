// Secrets that sit outside any URL in a serialized (JSON) log line: members that hold one, a failed query's
// parameters, an Authorization scheme's credentials and cookie pairs. The URL parameters are log-redaction.ts's.

const REDACTED_JSON = '"[redacted]"';

/** JSON member names (lower case, letters and digits only) whose whole value is a secret. */
const SECRET_MEMBERS = new Set([
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'password',
  'passwd',
  'pass',
  'passphrase',
  'secret',
  'clientstate',
  // A failed query's parameters (Drizzle's DrizzleQueryError, node-postgres): a session token, an address…
  'params',
  'parameters',
  'values',
]);
/** …and any member named with one of these endings: accessToken, refresh_token, sessionToken, client_secret. */
const SECRET_MEMBER_ENDINGS = [
  'token',
  'secret',
  'password',
  'cookie',
  'credential',
  'credentials',
  'apikey',
];

export function isSecretMember(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (
    SECRET_MEMBERS.has(normalized) || SECRET_MEMBER_ENDINGS.some((ending) => normalized.endsWith(ending))
  );
}

// A member's name, escaped quotes included (a log line may quote JSON inside a string).
const MEMBER = /(\\*)"([\w$.-]{1,100})\1"\s*:\s*/g;

/** Replaces the value of every secret member of a JSON text (strings, arrays, objects) with "[redacted]". */
export function redactSecretMembers(text: string): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(MEMBER)) {
    const start = (match.index ?? 0) + match[0].length;
    if (start < from || !isSecretMember(match[2] ?? '')) continue;
    const end = valueEnd(text, start, match[1] ?? '');
    if (end === null) continue;
    const escapes = match[1] ?? '';
    out += text.slice(from, start) + (escapes ? REDACTED_JSON.replaceAll('"', `${escapes}"`) : REDACTED_JSON);
    from = end;
  }
  return out + text.slice(from);
}

/** Where the JSON value starting at `start` ends (a string, or an array or object with its nesting). */
function valueEnd(text: string, start: number, escapes: string): number | null {
  const quote = `${escapes}"`;
  if (text.startsWith(quote, start)) return stringEnd(text, start + quote.length, quote);
  const open = text[start];
  if (open !== '[' && open !== '{') return null;
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    if (text.startsWith(quote, index)) {
      const end = stringEnd(text, index + quote.length, quote);
      if (end === null) return null;
      index = end - 1;
      continue;
    }
    const character = text[index];
    if (character === '[' || character === '{') depth++;
    else if (character === ']' || character === '}') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return null;
}

/** The index just past the closing `quote` of a string whose content starts at `from`. */
function stringEnd(text: string, from: number, quote: string): number | null {
  for (let index = from; index < text.length; index++) {
    if (text.startsWith(quote, index) && (quote.length > 1 || !isEscaped(text, index)))
      return index + quote.length;
  }
  return null;
}

function isEscaped(text: string, index: number): boolean {
  let slashes = 0;
  for (let at = index - 1; at >= 0 && text[at] === '\\'; at--) slashes++;
  return slashes % 2 === 1;
}

// Drizzle's message for a failed query ends with its parameters: `Failed query: …\nparams: a,b`.
const QUERY_PARAMS = /((?:^|\\n|\W)params: )((?:\\[^n]|[^"\\])*)/g;
// An Authorization header's credentials, wherever the header is quoted.
const AUTH_SCHEME = /\b(Bearer|Basic|Digest)( +)[A-Za-z0-9._~+/=-]{6,}/g;
// A cookie pair (a Cookie header, a Set-Cookie) whose name says it holds a session or a secret.
const COOKIE_PAIR =
  /((?:^|[\s"';,(])[\w.~-]*(?:session|token|secret|known_device)[\w.~-]*=)([^;\s"'\\,&<>]+)/gi;

/** Every secret value of this file's kinds in one serialized log line. */
export function redactSecretValues(line: string): string {
  return redactSecretMembers(line)
    .replace(QUERY_PARAMS, (_whole, before: string) => `${before}[redacted]`)
    .replace(AUTH_SCHEME, (_whole, scheme: string, space: string) => `${scheme}${space}[redacted]`)
    .replace(COOKIE_PAIR, (_whole, before: string) => `${before}[redacted]`);
}
