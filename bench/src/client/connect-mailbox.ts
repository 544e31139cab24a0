import type { Provider } from '@ledgerdesk/domain/entities';
import { call, type Session, UnexpectedResponse } from './http-client';

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Connects a sandbox mailbox the way a user does: the app's {provider}-auth function gives the consent URL,
 * the sandbox's consent form is submitted with every scope ticked, and the code it redirects with is
 * redeemed through the same function. Answers the new integration's id.
 */
export async function connectMailbox(session: Session, provider: Provider, address: string): Promise<string> {
  const fn = `/api/functions/${provider === 'office365' ? 'office365-auth' : 'gmail-auth'}`;
  const redirectUri = `${session.baseUrl}/integrations/email`;
  const { authUrl } = (
    await call<{ authUrl: string }>(session, 'POST', fn, { action: 'get-auth-url', redirectUri })
  ).body;
  const page = await fetch(authUrl);
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]*)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (!requestId || !action)
    throw new UnexpectedResponse(`the sandbox consent page had no form (${page.status})`);
  const form = new URLSearchParams({ request_id: decode(requestId), decision: 'allow', mailbox: address });
  for (const match of html.matchAll(/name="scope" value="([^"]*)"/g))
    form.append('scope', decode(match[1] ?? ''));
  const consent = await fetch(new URL(decode(action), authUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = consent.headers.get('location');
  if (consent.status !== 302 || !location)
    throw new UnexpectedResponse(`consent answered ${consent.status}: ${await consent.text()}`);
  const back = new URL(location);
  const code = back.searchParams.get('code');
  if (!code) throw new UnexpectedResponse(`consent redirected without a code: ${location}`);
  const state = back.searchParams.get('state') ?? undefined;
  const done = await call<{ integrationId: string }>(session, 'POST', fn, {
    code,
    redirectUri,
    ...(state ? { state } : {}),
  });
  return done.body.integrationId;
}
