import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import type { Provider } from '../store/types';
import { exchangeToken, type TokenParams } from './token-exchange';
import { revokeGrants } from './token-store';

/** Form (or JSON) body plus client_secret_basic credentials, flattened to single values. */
export function tokenParams(request: FastifyRequest): TokenParams {
  const params: TokenParams = {};
  const body = request.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value === 'string') params[key] = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') params[key] = value[0];
    }
  }
  const query = request.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') params[key] ??= value;
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '');
  if (basic?.[1]) {
    const [id, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    if (id) params.client_id ??= decodeURIComponent(id);
    if (secret) params.client_secret ??= decodeURIComponent(secret);
  }
  return params;
}

function sendToken(reply: FastifyReply, status: number, body: Record<string, unknown>): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(body);
}

export function registerTokenRoute(
  app: FastifyInstance,
  ctx: SandboxContext,
  provider: Provider,
  path: string,
) {
  app.post(path, async (request, reply) => {
    const tenant = (request.params as { tenant?: string } | undefined)?.tenant;
    const result = exchangeToken(ctx, provider, tokenParams(request), tenant);
    return sendToken(reply, result.status, result.body);
  });
}

/** Google's revoke endpoint: revoking an access or refresh token revokes the whole grant. */
export function registerGoogleRevoke(app: FastifyInstance, ctx: SandboxContext, path: string) {
  app.post(path, async (request, reply) => {
    const token = tokenParams(request).token ?? '';
    const grant = ctx.tokens.refreshTokens.get(token) ?? ctx.tokens.accessTokens.get(token)?.grant;
    if (grant?.provider !== 'gmail' || grant.isRevoked) {
      return sendToken(reply, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    revokeGrants(ctx.tokens, (candidate) => candidate.id === grant.id);
    ctx.persist();
    return sendToken(reply, 200, {});
  });
}
