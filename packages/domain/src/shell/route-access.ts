export type AuthState = 'loading' | 'signed-in' | 'signed-out';
export type RouteDecision = { kind: 'render' } | { kind: 'loading' } | { kind: 'redirect'; to: string };

/** Routes that anyone may see (the 404 page is public too: it is whatever matches no route). */
export const PUBLIC_PATHS = ['/auth'] as const;

/**
 * Decides what a protected route shows (spec §2 Protection): a loading screen while authentication loads,
 * /auth for a visitor, except on /integrations/email when the address carries a `code` (the provider's
 * return), which is let through.
 */
export function decideProtectedRoute(auth: AuthState, pathname: string, search: string): RouteDecision {
  const isProviderReturn = pathname.replace(/\/+$/, '') === '/integrations/email' && /[?&]code=/.test(search);
  if (isProviderReturn) return { kind: 'render' };
  if (auth === 'loading') return { kind: 'loading' };
  if (auth === 'signed-out') return { kind: 'redirect', to: '/auth' };
  return { kind: 'render' };
}

/** A signed-in visitor on /auth is sent to /triage (spec §2). */
export function decideAuthRoute(auth: AuthState): RouteDecision {
  if (auth === 'loading') return { kind: 'loading' };
  return auth === 'signed-in' ? { kind: 'redirect', to: '/triage' } : { kind: 'render' };
}
