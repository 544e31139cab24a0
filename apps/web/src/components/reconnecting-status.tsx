import { DATABASE_UNAVAILABLE } from '@ledgerdesk/domain/http/api-error';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../lib/api-client';
import { useIsReconnecting } from '../lib/connection-state';

export const RECONNECTING_TEXT = 'Reconnecting…';

/**
 * The one calm sign of an outage: while the server cannot reach its database, a small status line instead of
 * error toasts, a health check every Retry-After seconds, and every screen's data fetched again once it is
 * back. Nothing is reset, so what the user was typing stays where it was.
 */
export function ReconnectingStatus({
  checkEveryMs = DATABASE_UNAVAILABLE.retryAfterSeconds * 1000,
}: {
  checkEveryMs?: number;
}) {
  const isReconnecting = useIsReconnecting();
  const queryClient = useQueryClient();
  const wasReconnecting = useRef(false);

  useEffect(() => {
    if (wasReconnecting.current && !isReconnecting) void queryClient.invalidateQueries();
    wasReconnecting.current = isReconnecting;
    if (!isReconnecting) return;
    // Any answer that reaches the database ends the state (api-client reports it); this makes sure one comes.
    const timer = window.setInterval(() => {
      void api('/api/health').catch(() => undefined);
    }, checkEveryMs);
    return () => window.clearInterval(timer);
  }, [isReconnecting, queryClient, checkEveryMs]);

  if (!isReconnecting) return null;
  return (
    <div
      role="status"
      className="fixed top-3 left-1/2 z-50 -translate-x-1/2 rounded-full border border-border bg-surface px-4 py-1.5 text-[13px] text-muted shadow-md"
    >
      <span className="mr-2 inline-block size-2 animate-pulse rounded-full bg-accent align-middle" />
      {RECONNECTING_TEXT}
    </div>
  );
}
