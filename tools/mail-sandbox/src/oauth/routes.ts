import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerAuthorizeRoutes } from './authorize-routes';
import { registerGoogleRevoke, registerTokenRoute } from './token-routes';

/** Microsoft identity platform and Google OAuth endpoints, at their real paths under /microsoft and /google. */
export async function oauthRoutes(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  registerAuthorizeRoutes(app, ctx, 'office365', '/microsoft/:tenant/oauth2/v2.0/authorize');
  registerTokenRoute(app, ctx, 'office365', '/microsoft/:tenant/oauth2/v2.0/token');
  registerAuthorizeRoutes(app, ctx, 'gmail', '/google/o/oauth2/v2/auth');
  registerTokenRoute(app, ctx, 'gmail', '/google/token');
  registerGoogleRevoke(app, ctx, '/google/revoke');
}
