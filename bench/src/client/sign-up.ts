import { cookieHeader } from '@ledgerdesk/test-support/seed/session-cookie';
import { type Session, UnexpectedResponse } from './http-client';

let counter = 0;

/** Signs a new user up through the real auth API and keeps the session cookie it sets. */
export async function signUp(baseUrl: string, label: string): Promise<Session> {
  counter += 1;
  const email = `${label}-${Date.now().toString(36)}-${counter}@bench.example`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'bench-password-42', name: label }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new UnexpectedResponse(`sign-up answered ${response.status}: ${text}`);
  const cookie = cookieHeader(response.headers.getSetCookie());
  const userId = (JSON.parse(text) as { user: { id: string } }).user.id;
  return { baseUrl, cookie, userId, email };
}
