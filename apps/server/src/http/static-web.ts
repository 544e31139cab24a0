import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app and answers every other GET that is not an API or sandbox call with index.html,
 * so client-side routes (and the client's 404 page) work on reload.
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` to serve the UI');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    maxAge: '1h',
    immutable: false,
  });
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const sendIndex = (
    _request: unknown,
    reply: { type: (t: string) => { header: (k: string, v: string) => { send: (b: string) => void } } },
  ) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  app.get('/', sendIndex);
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/sandbox/')) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for GET ${url}` } });
    }
    // The OAuth popup comes back here from the provider's origin: a stricter opener policy would cut the
    // popup off from the page that opened it.
    if (url.startsWith('/integrations/email')) reply.header('cross-origin-opener-policy', 'unsafe-none');
    return sendIndex(request, reply);
  });
}
