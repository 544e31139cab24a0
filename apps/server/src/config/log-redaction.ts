import { redactSecretValues } from './redact-log-values';

/** What a redacted value reads as in the logs. */
export const REDACTED = '[redacted]';

// Query (and fragment) parameters that carry a secret, compared in lower case with everything but letters
// and digits taken out (`access_token`, `Access-Token` and `accessToken` are one name).
const SECRET_NAMES = new Set([
  'token',
  'code',
  'codeverifier',
  'state',
  'sessionstate',
  'key',
  'apikey',
  'accesskey',
  'privatekey',
  'secret',
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'signature',
  'sig',
  'hmac',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'otp',
  'ticket',
  'session',
  'sessionid',
  'sid',
  'jwt',
  'assertion',
  'samlresponse',
]);
// ...and any name ending in one of these: validationToken, refresh_token, client_secret, X-Amz-Signature,
// X-Amz-Credential, X-Amz-Security-Token, api_key, new_password.
const SECRET_ENDINGS = ['token', 'secret', 'password', 'passwd', 'signature', 'credential', 'apikey', 'key'];

/** True when a URL parameter of this name (raw or percent-encoded, any case or separator) holds a secret. */
export function isSecretParameter(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A broken escape: judge the name as written.
  }
  const normalized = decoded.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_NAMES.has(normalized) || SECRET_ENDINGS.some((ending) => normalized.endsWith(ending));
}

// A parameter starts after `?`, `&`, `;` or `#` (or their percent-encoded forms, for a URL nested in another
// URL's parameter), and its value runs to the next separator, white space, quote or the end of the
// (JSON-escaped) string. A backslash escape belongs to the value (`\"` is a quote inside it).
const PARAMETER =
  /((?:[?&;#]|%3f|%26|%23|%3b)[\t ]*)([\w.~%[\]-]{1,200}?)(=|%3d)((?:\\u[0-9a-f]{4}|\\[^u]|(?!%26|%23|%3b)[^\s&#;"'<>\\])*)/gi;

/**
 * Replaces the value of every secret-bearing URL parameter in `text` with `[redacted]`, wherever the URL sits
 * (a request line, a message, an error, a whole serialized log line); the path and the other parameters stay.
 */
export function redactUrlSecrets(text: string): string {
  return text.replace(PARAMETER, (whole, before: string, name: string, equals: string, value: string) =>
    value === ''
      ? whole
      : isSecretParameter(name)
        ? `${before}${name}${equals}${REDACTED}`
        : // The value may itself be a URL with secrets (a redirect_uri, a `next`).
          `${before}${name}${equals}${redactUrlSecrets(value)}`,
  );
}

/**
 * `redactUrlSecrets`, plus every secret outside a URL (`redact-log-values.ts`): members such as `clientState`,
 * `password`, `authorization`, `cookie`, `*token`, a failed query's `params`, Bearer credentials, session cookies.
 */
export function redactLogSecrets(text: string): string {
  return redactSecretValues(redactUrlSecrets(text));
}
