import type { SandboxContext } from '../context';
import { microsoftErrorBody } from './token-errors';
import { issueAccessToken } from './token-store';

export const CLIENT_CREDENTIALS_GRANT = 'client_credentials';
/** The only scope a client-credentials request for Graph may ask for: every application permission granted. */
export const GRAPH_DEFAULT_SCOPE = 'https://graph.microsoft.com/.default';
/** Tenants that name no directory: the client-credentials grant needs a tenant id or one of its domains. */
const UNSPECIFIC_TENANTS = new Set(['common', 'consumers', 'organizations']);

/** The token endpoint's answer (token-exchange's TokenResult; not imported, which would make a circle). */
type TokenAnswer = { status: number; body: Record<string, unknown> };

const refuse = (status: number, error: string, code: number, text: string): TokenAnswer => ({
  status,
  body: microsoftErrorBody(error, code, text),
});

const tenantExists = (ctx: SandboxContext, tenant: string) => {
  for (const mailbox of ctx.store.mailboxes.values())
    if (mailbox.provider === 'office365' && mailbox.address.endsWith(`@${tenant}`)) return true;
  return false;
};

/**
 * Microsoft's client-credentials grant (the application's own token, no user): only on a tenant's endpoint, only
 * for `https://graph.microsoft.com/.default`, only with the client's secret. The token carries as `roles` the
 * application permissions the tenant's administrator granted (`PUT /control/tenants/:tenant/app-permissions`);
 * without any, Entra still issues a token, which Graph then refuses. Tenant = a mailbox domain of the sandbox.
 */
export function exchangeClientCredentials(
  ctx: SandboxContext,
  tenantInPath: string,
  params: Record<string, string | undefined>,
): TokenAnswer {
  const tenant = decodeURIComponent(tenantInPath).toLowerCase();
  if (UNSPECIFIC_TENANTS.has(tenant))
    return refuse(
      400,
      'invalid_request',
      9001023,
      'The grant type is not supported over the /common or /consumers endpoints. Please use the /organizations or tenant-specific endpoint.',
    );
  if (!params.client_id)
    return refuse(
      400,
      'invalid_request',
      900144,
      "The request body must contain the following parameter: 'client_id'.",
    );
  if (!params.client_secret && !params.client_assertion)
    return refuse(
      401,
      'invalid_client',
      7000218,
      "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
    );
  if (params.scope !== GRAPH_DEFAULT_SCOPE)
    return refuse(
      400,
      'invalid_scope',
      1002012,
      `The provided value for scope ${params.scope ?? ''} is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).`,
    );
  if (!tenantExists(ctx, tenant))
    return refuse(
      400,
      'invalid_request',
      90002,
      `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
    );
  const lifetime = ctx.tokenLifetimeSeconds;
  const grant = {
    id: `app:${params.client_id}@${tenant}:${ctx.now()}`,
    provider: 'office365' as const,
    mailbox: '',
    app: { tenant, roles: [...(ctx.store.appRoles.get(tenant) ?? [])] },
    clientId: params.client_id,
    scopes: [],
    hasOfflineAccess: false,
    isRevoked: false,
  };
  const accessToken = issueAccessToken(ctx.tokens, grant, ctx.now() + lifetime * 1000);
  ctx.persist();
  return {
    status: 200,
    body: { token_type: 'Bearer', expires_in: lifetime, ext_expires_in: lifetime, access_token: accessToken },
  };
}
