import { DEFAULT_TIME_ZONE, isTimeZone } from '@ledgerdesk/domain/triage/snooze';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { PROFILE_KEY, type Profile, useProfile } from '../../../lib/profile-query';

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * The user's time zone for snooze and reminder times: the profile's, else the browser's. The first time the
 * profile has none (a new account), the browser's is saved to it. The profile is the shared query
 * (lib/profile-query.ts).
 */
export function useUserTimeZone(): string {
  const queryClient = useQueryClient();
  const profile = useProfile();
  const hasSaved = useRef(false);
  const stored = profile.data?.timeZone ?? null;
  useEffect(() => {
    if (!profile.data || stored || hasSaved.current) return;
    hasSaved.current = true;
    api<{ profile: Profile }>('/api/profile', { method: 'PATCH', body: { timeZone: browserTimeZone() } })
      .then(({ profile: saved }) => queryClient.setQueryData(PROFILE_KEY, saved))
      .catch(() => undefined);
  }, [profile.data, stored, queryClient]);
  return stored && isTimeZone(stored) ? stored : browserTimeZone();
}
