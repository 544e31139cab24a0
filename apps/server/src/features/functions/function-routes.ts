import type { FastifyInstance } from 'fastify';

/** Routes of this feature (filled in by the feature's work). */
export async function functionRoutes(_app: FastifyInstance): Promise<void> {}
