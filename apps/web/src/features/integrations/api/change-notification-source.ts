import type { NotificationSourceResponse } from '@ledgerdesk/domain/api/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './integration-keys';

/** Turns syncing of one source on or off. */
export async function toggleNotificationSource(input: { id: string; syncEnabled: boolean }) {
  const { source } = await api<NotificationSourceResponse>(
    `/api/notification-sources/${encodeURIComponent(input.id)}/toggle`,
    { method: 'POST', body: { syncEnabled: input.syncEnabled } },
  );
  return source;
}

/** Deletes one source. */
export async function deleteNotificationSource(id: string): Promise<void> {
  await api(`/api/notification-sources/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

function useInvalidateSources() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.sources() });
}

export function useToggleNotificationSource() {
  const invalidate = useInvalidateSources();
  return useMutation({ mutationFn: toggleNotificationSource, onSettled: invalidate });
}

export function useDeleteNotificationSource() {
  const invalidate = useInvalidateSources();
  return useMutation({ mutationFn: deleteNotificationSource, onSettled: invalidate });
}
