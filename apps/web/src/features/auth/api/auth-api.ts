import { api } from '../../../lib/api-client';

export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean };
export type Session = { user: SessionUser; session: { expiresAt: string } };

/** The current session, or null when signed out (better-auth refreshes it when it is getting old). */
export async function getSession(): Promise<Session | null> {
  return api<Session | null>('/api/auth/get-session', { method: 'GET' });
}

export async function signInWithPassword(input: {
  email: string;
  password: string;
}): Promise<{ user: SessionUser }> {
  return api('/api/auth/sign-in/email', { method: 'POST', body: { ...input, rememberMe: true } });
}

/** Sign-up with the email-redirect option pointing to {origin}/triage (spec §7). */
export async function signUpWithPassword(input: {
  email: string;
  password: string;
}): Promise<{ user: SessionUser; token: string | null }> {
  return api('/api/auth/sign-up/email', {
    method: 'POST',
    body: { ...input, name: '', callbackURL: `${window.location.origin}/triage` },
  });
}

export async function signOutRequest(): Promise<void> {
  await api('/api/auth/sign-out', { method: 'POST', body: {}, timeoutMs: 10_000 });
}
