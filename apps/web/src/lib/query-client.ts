import { QueryClient } from '@tanstack/react-query';

/** Spec §7: failed queries retry once and do not refetch on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
      mutations: { retry: 0 },
    },
  });
}
