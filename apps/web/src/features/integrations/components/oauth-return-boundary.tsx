import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { readReturnParams } from '../utils/oauth-channel';

const OAuthReturnView = lazy(() =>
  import('./oauth-return-view').then((m) => ({ default: m.OAuthReturnView })),
);

/**
 * On /integrations/email with the provider's `code` or `error`, shows only the small "Completing
 * connection..." view (no app chrome: it usually runs inside the OAuth popup); otherwise its children.
 */
export function OAuthReturnBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  const params = readReturnParams(location.search);
  if (!params) return children;
  return (
    <Suspense fallback={null}>
      <OAuthReturnView params={params} />
    </Suspense>
  );
}
