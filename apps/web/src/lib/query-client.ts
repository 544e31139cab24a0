import { DATABASE_UNAVAILABLE } from '@ledgerdesk/domain/http/api-error';
import { QueryClient } from '@tanstack/react-query';
import { isDatabaseUnavailableError } from './api-client';

/** The shortest wait between two tries while the database is away, whatever Retry-After says. */
const MIN_OUTAGE_RETRY_MS = 250;

/**
 * Spec §7: failed queries retry once and do not refetch on window focus. A query answered "database
 * unavailable" (503) is retried for as long as the outage lasts, every Retry-After seconds, so a screen fills in
 * by itself once the database is back (the "Reconnecting…" status says why it waits).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isDatabaseUnavailableError(error) || failureCount < 1,
        retryDelay: (attempt, error) =>
          isDatabaseUnavailableError(error)
            ? Math.max(
                MIN_OUTAGE_RETRY_MS,
                (error.retryAfterSeconds ?? DATABASE_UNAVAILABLE.retryAfterSeconds) * 1000,
              )
            : Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        staleTime: 15_000,
      },
      mutations: { retry: 0 },
    },
  });
}
