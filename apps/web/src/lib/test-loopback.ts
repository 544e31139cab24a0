import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * Starts a loopback server playing the API for hook and component tests (happy-dom) and makes it the page's
 * origin, so the app's relative API paths reach it over real HTTP. Answers the function that stops it.
 */
export async function serveAsPageOrigin(server: http.Server): Promise<() => Promise<void>> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/triage/personal/inbox`,
  );
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** serveAsPageOrigin for a whole test file: the server starts before its tests and stops after them. */
export function servePageOriginForFile(server: http.Server): void {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    stop = await serveAsPageOrigin(server);
  });
  afterAll(() => stop?.());
}
