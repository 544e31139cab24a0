import { randomUUID } from 'node:crypto';
import type { Provider } from '../store/types';
import { normalizeScope } from './providers';

export type PendingAuthorization = {
  id: string;
  provider: Provider;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  /** Microsoft: offline_access requested; Google: access_type=offline. */
  wantsOffline: boolean;
  loginHint?: string;
  createdAt: number;
};

export type AuthorizeQuery = Record<string, string | string[] | undefined>;

function single(query: AuthorizeQuery, name: string): string | undefined {
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Validates authorize parameters; errors are shown on an HTML page (the redirect URI is not trusted yet). */
export function parseAuthorizeQuery(
  provider: Provider,
  query: AuthorizeQuery,
  now: number,
): { pending: PendingAuthorization } | { error: string } {
  const clientId = single(query, 'client_id');
  const redirectUri = single(query, 'redirect_uri');
  const responseType = single(query, 'response_type');
  const scope = single(query, 'scope');
  if (!clientId) return { error: 'The request is missing the required parameter client_id.' };
  if (!redirectUri) return { error: 'The request is missing the required parameter redirect_uri.' };
  if (!URL.canParse(redirectUri))
    return { error: `The redirect_uri '${redirectUri}' is not an absolute URI.` };
  if (responseType !== 'code') {
    return {
      error: `Unsupported response_type '${responseType ?? ''}': the sandbox supports the code flow only.`,
    };
  }
  if (!scope?.trim()) return { error: 'The request is missing the required parameter scope.' };
  const challenge = single(query, 'code_challenge');
  const method = single(query, 'code_challenge_method') ?? (challenge ? 'plain' : undefined);
  if (method !== undefined && method !== 'S256' && method !== 'plain') {
    return { error: `Unsupported code_challenge_method '${method}'.` };
  }
  const scopes = [
    ...new Set(
      scope
        .split(/\s+/)
        .filter(Boolean)
        .map((s) => normalizeScope(provider, s)),
    ),
  ];
  const state = single(query, 'state');
  const loginHint = single(query, 'login_hint');
  const wantsOffline =
    provider === 'office365'
      ? scopes.some((s) => s.toLowerCase() === 'offline_access')
      : single(query, 'access_type') === 'offline';
  return {
    pending: {
      id: randomUUID(),
      provider,
      clientId,
      redirectUri,
      scopes,
      ...(state !== undefined ? { state } : {}),
      ...(challenge
        ? { codeChallenge: challenge, codeChallengeMethod: method === 'S256' ? 'S256' : 'plain' }
        : {}),
      wantsOffline,
      ...(loginHint ? { loginHint } : {}),
      createdAt: now,
    },
  };
}
