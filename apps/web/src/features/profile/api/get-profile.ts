import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

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

export const profileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: getProfile });

export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
