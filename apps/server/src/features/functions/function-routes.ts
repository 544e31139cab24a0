import type { FastifyInstance } from 'fastify';
import { registerMessageFunctions } from './message-functions';
import { registerOAuthFunctions } from './oauth-functions';
import { registerSyncFunctions } from './sync-functions';
import { registerTokenFunctions } from './token-functions';

/**
 * The spec §7 server functions, each an authenticated `POST /api/functions/{name}` whose body is validated
 * with the shared schema of @ledgerdesk/domain/api/functions. Ownership is checked by every mail operation
 * (row-level security hides other users' integrations, which then answer 404).
 */
export async function functionRoutes(app: FastifyInstance): Promise<void> {
  registerOAuthFunctions(app);
  registerTokenFunctions(app);
  registerMessageFunctions(app);
  registerSyncFunctions(app);
}
