const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`;

/**
 * Whether the consent page may send its answer (code, or error on Deny) to `redirectUri`: one of the
 * registered URIs (query string ignored), or, when none are registered, an http(s) URI on a loopback host or
 * on the sandbox's own origin. Anything else would make the consent page an open redirect.
 */
export function isRegisteredRedirect(
  redirectUri: string,
  registered: readonly string[] | undefined,
  sandboxUrl: string,
): boolean {
  if (!URL.canParse(redirectUri)) return false;
  const target = new URL(redirectUri);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (registered)
    return registered.some((uri) => URL.canParse(uri) && withoutQuery(new URL(uri)) === withoutQuery(target));
  return LOOPBACK_HOSTS.has(target.hostname) || target.origin === new URL(sandboxUrl).origin;
}
