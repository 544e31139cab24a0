import type { OAuthFunctionInput } from '@ledgerdesk/domain/api/functions';
import type { Provider } from '@ledgerdesk/domain/entities';

export type AuthFunction = 'office365-auth' | 'gmail-auth';

/** The app function that starts and finishes a provider's authorization-code flow. */
export function authFunctionOf(provider: Provider): AuthFunction {
  return provider === 'office365' ? 'office365-auth' : 'gmail-auth';
}

export type ConnectThroughOAuth = {
  provider: Provider;
  /** Where the provider sends the user back (the app's /integrations/email). */
  redirectUri: string;
  /** Calls the auth function as the signed-in user; answers its JSON body or throws on an error answer. */
  callAuth: (fn: AuthFunction, input: OAuthFunctionInput) => Promise<unknown>;
  /** Gives consent on the provider's page at `authUrl`; answers the URL it redirects back to (code, state). */
  consent: (authUrl: string) => Promise<URL>;
};

/**
 * Connects a sandbox mailbox the way a user does: the auth function gives the consent URL, consent is given
 * there, and the code it redirects with is redeemed through the same function. Answers the integration id.
 * Server tests, the bench and the browser journeys each bring their own way of calling and of consenting.
 */
export async function connectThroughOAuth(options: ConnectThroughOAuth): Promise<string> {
  const { provider, redirectUri, callAuth, consent } = options;
  const fn = authFunctionOf(provider);
  const { authUrl } = (await callAuth(fn, { action: 'get-auth-url', redirectUri })) as { authUrl: string };
  const back = await consent(authUrl);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`consent redirected without a code: ${back}`);
  const state = back.searchParams.get('state') ?? undefined;
  const { integrationId } = (await callAuth(fn, { code, redirectUri, ...(state ? { state } : {}) })) as {
    integrationId: string;
  };
  return integrationId;
}

const decodeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Consent without a browser: reads the mail sandbox's consent page at `authUrl` and submits its form with
 * Allow for `mailbox`, every offered scope ticked but those in `untick`. Answers the redirect back.
 */
export async function allowSandboxConsent(
  authUrl: string,
  mailbox: string,
  options: { untick?: readonly string[] } = {},
): Promise<URL> {
  const page = await fetch(authUrl);
  const html = await page.text();
  const requestId = /name="request_id" value="([^"]*)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]*)"/.exec(html)?.[1];
  if (!requestId || !action) throw new Error(`the sandbox consent page had no form (${page.status})`);
  const form = new URLSearchParams({ request_id: decodeHtml(requestId), decision: 'allow', mailbox });
  for (const match of html.matchAll(/name="scope" value="([^"]*)"/g)) {
    const scope = decodeHtml(match[1] ?? '');
    if (!options.untick?.includes(scope)) form.append('scope', scope);
  }
  const answer = await fetch(new URL(decodeHtml(action), authUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location)
    throw new Error(`consent answered ${answer.status}: ${await answer.text()}`);
  return new URL(location, authUrl);
}
