import type { Server } from 'node:http';

/**
 * Adds `Server-Timing: app;dur=<ms>` to every response: from the moment Node hands the request to the
 * server until the response head is written (the handler has run and the body is serialized). Hooked on
 * the raw HTTP server, so it wraps Fastify routing, hooks and session loading without touching app code.
 */
export function addServerTiming(server: Server): void {
  server.prependListener('request', (_request, response) => {
    const started = performance.now();
    const writeHead = response.writeHead;
    response.writeHead = function (this: typeof response, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent)
        this.setHeader('Server-Timing', `app;dur=${(performance.now() - started).toFixed(3)}`);
      return writeHead.apply(this, args);
    } as typeof writeHead;
  });
}
