import { DEFAULT_TIME_ZONE, isTimeZone } from '@ledgerdesk/domain/triage/snooze';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';

type ProfileZone = { timeZone: string | null };

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * The user's time zone for snooze and reminder times: the profile's, else the browser's. The first time the
 * profile has none (a new account), the browser's is saved to it. It reads the profile under the profile
 * screen's query key, so both share one cached copy.
 */
export function useUserTimeZone(): string {
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: async () => (await api<{ profile: ProfileZone }>('/api/profile')).profile,
    staleTime: 5 * 60_000,
  });
  const hasSaved = useRef(false);
  const stored = profile.data?.timeZone ?? null;
  useEffect(() => {
    if (!profile.data || stored || hasSaved.current) return;
    hasSaved.current = true;
    api<{ profile: ProfileZone }>('/api/profile', { method: 'PATCH', body: { timeZone: browserTimeZone() } })
      .then(({ profile: saved }) => queryClient.setQueryData(['profile'], saved))
      .catch(() => undefined);
  }, [profile.data, stored, queryClient]);
  return stored && isTimeZone(stored) ? stored : browserTimeZone();
}
