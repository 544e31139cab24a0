import type { FastifyInstance } from 'fastify';

/** Starts the background jobs (scheduled syncs, token refresh); returns a function that stops them. */
export function startJobs(_app: FastifyInstance): () => Promise<void> {
  return async () => {};
}
