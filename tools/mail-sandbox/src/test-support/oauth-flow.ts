import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX, SANDBOX_CLIENT_ID } from '../defaults';
import {
  AUTHORIZE_PATH,
  form,
  GOOGLE_SCOPES,
  type Harness,
  MICROSOFT_SCOPES,
  pkcePair,
  REDIRECT_URI,
  requestIdOf,
  TOKEN_PATH,
} from './harness';

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Step-by-step OAuth calls (GET authorize, POST Allow, POST token) for tests that poke at each step. */
export function oauthFlow(h: Harness) {
  async function authorize(provider: 'office365' | 'gmail', extra: Record<string, string> = {}) {
    const { verifier, challenge } = pkcePair();
    const page = await h.call('GET', AUTHORIZE_PATH[provider], {
      query: {
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope: provider === 'office365' ? MICROSOFT_SCOPES : GOOGLE_SCOPES,
        state: 's-123',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...extra,
      },
    });
    return { page, verifier };
  }

  async function allow(provider: 'office365' | 'gmail', html: string, scopes: string[], mailbox?: string) {
    const response = await h.call('POST', AUTHORIZE_PATH[provider], {
      headers: FORM,
      body: form({
        request_id: requestIdOf(html),
        decision: 'allow',
        mailbox: mailbox ?? (provider === 'office365' ? DEFAULT_OFFICE365_MAILBOX : DEFAULT_GMAIL_MAILBOX),
        scope: scopes,
      }),
    });
    return new URL(String(response.headers.location));
  }

  function exchange(provider: 'office365' | 'gmail', params: Record<string, string>) {
    return h.call('POST', TOKEN_PATH[provider], {
      headers: FORM,
      body: form({
        client_id: SANDBOX_CLIENT_ID,
        client_secret: 'anything',
        redirect_uri: REDIRECT_URI,
        ...params,
      }),
    });
  }

  return { authorize, allow, exchange };
}
