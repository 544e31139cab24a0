import { AUTH_MESSAGES } from '@ledgerdesk/domain/auth/messages';
import { decideAuthRoute, decideProtectedRoute } from '@ledgerdesk/domain/shell/route-access';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/auth-provider';

/** The "Loading... Checking authentication..." screen of spec §2. */
export function AuthLoading() {
  return (
    <div className="flex h-full items-center justify-center" role="status">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="size-6 animate-spin rounded-full border-2 border-border border-t-accent" />
        <p className="font-medium">Loading...</p>
        <p className="text-[13px] text-muted">{AUTH_MESSAGES.checkingAuthentication}</p>
      </div>
    </div>
  );
}

/** Shows its children to a signed-in user; see decideProtectedRoute for the rules. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const decision = decideProtectedRoute(status, location.pathname, location.search);
  if (decision.kind === 'loading') return <AuthLoading />;
  if (decision.kind === 'redirect')
    return <Navigate to={decision.to} replace state={{ from: location.pathname }} />;
  return children;
}

/** /auth is public, but a signed-in visitor is sent to /triage. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const decision = decideAuthRoute(status);
  if (decision.kind === 'loading') return <AuthLoading />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
