import type { FastifyInstance } from 'fastify';
import { registerAssignmentRoutes } from './assignment-routes';
import { registerCommentRoutes } from './comment-routes';

/** Assignment and internal comments with @mentions on a thread (domain api/collaboration.ts, decision 013). */
export async function collaborationRoutes(app: FastifyInstance): Promise<void> {
  registerAssignmentRoutes(app);
  registerCommentRoutes(app);
}
