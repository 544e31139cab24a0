import { NOTICE_EVENT, TRIAGE_API, type UserNotice } from '@ledgerdesk/domain/api/triage-endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { triageKeys } from '../../features/triage/api/triage-keys';

function parseNotice(data: unknown): UserNotice | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<UserNotice>;
    if (typeof value.title !== 'string' || typeof value.description !== 'string') return null;
    return value as UserNotice;
  } catch {
    return null;
  }
}

/**
 * Notices for the signed-in user wherever they are in the app (issue 12): a mailbox change refused for good
 * (its items were put back) or a held mail that could not be sent, as the spec's §8 toast. The triage lists
 * and counts refetch, so the items show where they are again.
 */
export function useUserNotices() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(TRIAGE_API.events);
    source.addEventListener(NOTICE_EVENT, (message) => {
      const notice = parseNotice(message.data);
      if (!notice) return;
      const many = (notice.count ?? 1) > 1 ? ` (${notice.count} items)` : '';
      toast.error(notice.title, { description: `${notice.description}${many}` });
      if (notice.kind === 'mailbox-change-failed')
        void queryClient.invalidateQueries({ queryKey: triageKeys.all });
    });
    return () => source.close();
  }, [queryClient]);
}
