import type { Profile as DomainProfile } from '@ledgerdesk/domain/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The signed-in user's profile, shared by the profile screen, the sidebar, the templates feature ({{my_name}}) and
 * the triage feature (the time zone of snooze and reminder times): one cache entry, one request, one stale time
 * (the app's default; the sidebar on every screen keeps it fresh).
 */
export type Profile = DomainProfile & { timeZone: string | null; updatedAt: string };

export async function getProfile(): Promise<Profile> {
  const { profile } = await api<{ profile: Profile }>('/api/profile');
  return profile;
}

export const PROFILE_KEY = ['profile'] as const;

export const profileQueryOptions = () => queryOptions({ queryKey: PROFILE_KEY, queryFn: getProfile });

export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
