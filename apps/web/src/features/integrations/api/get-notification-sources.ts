import type {
  NotificationSourceDto,
  NotificationSourceListResponse,
} from '@ledgerdesk/domain/api/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './integration-keys';

/** The user's notification sources, highest priority first. */
export async function getNotificationSources(): Promise<NotificationSourceDto[]> {
  const { sources } = await api<NotificationSourceListResponse>('/api/notification-sources');
  return sources;
}

export function notificationSourcesQueryOptions() {
  return queryOptions({ queryKey: integrationKeys.sources(), queryFn: getNotificationSources });
}

export function useNotificationSources(enabled = true) {
  return useQuery({ ...notificationSourcesQueryOptions(), enabled });
}
