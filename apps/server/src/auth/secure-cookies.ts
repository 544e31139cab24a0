/**
 * The cookies' Secure flag follows the public address, as better-auth's session cookie does (create-auth):
 * behind a proxy that ends TLS the request itself arrives over http, and the cookie must still never travel
 * over plain http.
 */
export function usesSecureCookies(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}
