import type { ProfileUpdate } from '@ledgerdesk/domain/profile/profile-update-schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type Profile, profileQueryOptions } from '../../../lib/profile-query';

export type SignInEmailChange = 'unchanged' | 'updated' | 'pending_verification';
export type UpdateProfileResult = { profile: Profile; signInEmail: SignInEmailChange };

/** Saves the profile form (spec §7: full name, email, job title, handle, capacity hours, notifications). */
export function updateProfile(input: ProfileUpdate): Promise<UpdateProfileResult> {
  return api<UpdateProfileResult>('/api/profile', { method: 'PATCH', body: input });
}

/** The save mutation; the saved profile replaces the cached one, so the sidebar shows it at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
    },
  });
}
