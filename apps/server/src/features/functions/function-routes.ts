import type { FastifyInstance } from 'fastify';
import { tokenCipher } from '../../mail/tokens/app-token-cipher';
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
  // Fail at start, not at the first connection, when TOKEN_ENCRYPTION_KEY is unusable.
  tokenCipher(app);
  registerOAuthFunctions(app);
  registerTokenFunctions(app);
  registerMessageFunctions(app);
  registerSyncFunctions(app);
}
