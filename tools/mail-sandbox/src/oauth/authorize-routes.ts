import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import type { FormBody } from '../plugin/parsers';
import type { Provider } from '../store/types';
import { type AuthorizeQuery, parseAuthorizeQuery } from './authorize-params';
import { decideConsent } from './consent-decision';
import { renderConsentPage, renderErrorPage } from './consent-page';
import { sendHtml } from './html-reply';
import { PROVIDERS } from './providers';
import { isRegisteredRedirect } from './registered-redirects';

const PENDING_LIFETIME_MS = 60 * 60_000;

function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/** GET renders the consent page; the page's form POSTs back to the same path. */
export function registerAuthorizeRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  provider: Provider,
  path: string,
) {
  const info = PROVIDERS[provider];
  app.get<{ Querystring: AuthorizeQuery }>(path, async (request, reply) => {
    const parsed = parseAuthorizeQuery(provider, request.query, ctx.now());
    if ('error' in parsed) return sendHtml(reply, renderErrorPage(parsed.error), 400);
    if (!isRegisteredRedirect(parsed.pending.redirectUri, ctx.redirectUris, ctx.publicUrl())) {
      const message = `The redirect_uri '${parsed.pending.redirectUri}' is not registered for client ${parsed.pending.clientId}.`;
      return sendHtml(reply, renderErrorPage(message), 400);
    }
    for (const [id, old] of ctx.pending)
      if (old.createdAt < ctx.now() - PENDING_LIFETIME_MS) ctx.pending.delete(id);
    ctx.pending.set(parsed.pending.id, parsed.pending);
    return sendHtml(
      reply,
      renderConsentPage({
        requestId: parsed.pending.id,
        clientId: parsed.pending.clientId,
        providerLabel: info.label,
        scopes: parsed.pending.scopes,
        mailbox: parsed.pending.loginHint ?? info.defaultMailbox,
        action: pathOf(request),
      }),
    );
  });

  app.post<{ Body: FormBody | undefined }>(path, async (request, reply) => {
    const form =
      request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body) ? request.body : {};
    const requestId = typeof form.request_id === 'string' ? form.request_id : '';
    const pending = ctx.pending.get(requestId);
    if (!pending || pending.provider !== provider) {
      return sendHtml(
        reply,
        renderErrorPage('This sign-in request has expired. Start again from the application.'),
        400,
      );
    }
    const outcome = decideConsent(ctx, pending, form);
    if ('redirect' in outcome) return reply.redirect(outcome.redirect, 302);
    return sendHtml(
      reply,
      renderConsentPage({
        requestId: pending.id,
        clientId: pending.clientId,
        providerLabel: info.label,
        scopes: pending.scopes,
        mailbox: outcome.mailbox,
        action: pathOf(request),
        error: outcome.error,
      }),
      400,
    );
  });
}
