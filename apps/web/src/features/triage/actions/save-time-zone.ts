import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Profile, profileQueryOptions } from '../../../lib/profile-query';

/** Stores the user's time zone on the profile (snooze and reminder times are worked out in it). */
export async function saveTimeZone(timeZone: string): Promise<Profile> {
  const { profile } = await api<{ profile: Profile }>('/api/profile', {
    method: 'PATCH',
    body: { timeZone },
  });
  return profile;
}

/** Saves the time zone; the shared profile query (lib/profile-query.ts) takes the saved profile. A failure is
 * left alone: the browser's zone is used meanwhile and the next visit tries again. */
export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTimeZone,
    onSuccess: (saved) => queryClient.setQueryData(profileQueryOptions().queryKey, saved),
  });
}
