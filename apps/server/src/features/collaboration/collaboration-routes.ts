import type { FastifyInstance } from 'fastify';
import { registerAssignmentRoutes } from './assignment-routes';
import { registerCommentRoutes } from './comment-routes';
import type { CollaborationRoutesOptions } from './rule-history-hook';

/**
 * Assignment and internal comments with @mentions on a thread (domain api/collaboration.ts, decision 013); the
 * thread's rule history comes from `ruleHistory` (the rules', passed by app.ts).
 */
export async function collaborationRoutes(
  app: FastifyInstance,
  options: CollaborationRoutesOptions,
): Promise<void> {
  registerAssignmentRoutes(app, options.ruleHistory);
  registerCommentRoutes(app);
}
