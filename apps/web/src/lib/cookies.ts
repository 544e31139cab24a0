/** Reads a cookie set by the web app itself (not the httpOnly session cookie, which scripts cannot see). */
export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-sensitive UI preference cookie (spec §4).
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; SameSite=Lax`;
}
