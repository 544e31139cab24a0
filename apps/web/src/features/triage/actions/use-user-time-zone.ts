import { DEFAULT_TIME_ZONE, isTimeZone } from '@ledgerdesk/domain/triage/snooze';
import { useEffect, useRef } from 'react';
import { useProfile } from '../../../lib/profile-query';
import { useSaveTimeZone } from './save-time-zone';

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
  const { mutate: save } = useSaveTimeZone();
  const profile = useProfile();
  const hasSaved = useRef(false);
  const stored = profile.data?.timeZone ?? null;
  useEffect(() => {
    if (!profile.data || stored || hasSaved.current) return;
    hasSaved.current = true;
    save(browserTimeZone());
  }, [profile.data, stored, save]);
  return stored && isTimeZone(stored) ? stored : browserTimeZone();
}
