import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The signed-in user's profile, shared by the profile screen, the sidebar, the templates feature ({{my_name}}) and
 * the triage feature (the time zone of snooze and reminder times): one cache entry, one request, one stale time
 * (the app's default; the sidebar on every screen keeps it fresh).
 */
export type Profile = {
  id: string;
  fullName: string | null;
  email: string | null;
  avatarUrl: string | null;
  jobTitle: string | null;
  handle: string | null;
  capacityHours: number;
  notificationSettings: { email: boolean; push: boolean; mentions: boolean };
  timeZone: string | null;
  updatedAt: string;
};

export async function getProfile(): Promise<Profile> {
  const { profile } = await api<{ profile: Profile }>('/api/profile');
  return profile;
}

export const PROFILE_KEY = ['profile'] as const;

export const profileQueryOptions = () => queryOptions({ queryKey: PROFILE_KEY, queryFn: getProfile });

export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
