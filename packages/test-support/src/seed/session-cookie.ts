/** The Cookie header a client sends back after an answer's Set-Cookie lines (names and values only). */
export function cookieHeader(setCookie: string | readonly string[] | undefined): string {
  const lines = typeof setCookie === 'string' ? [setCookie] : (setCookie ?? []);
  return lines.map((line) => line.split(';')[0]).join('; ');
}
