import { NOTICE_EVENT, parseUserNotice } from '@ledgerdesk/domain/api/notice-events';
import { FIRM_EVENT, RESYNC_EVENT, TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { triageKeys } from '../../features/triage/triage-keys';
import { FIRM_QUERY_KEY } from '../../lib/firm-query';
import { openReopeningEventSource } from '../../lib/reopening-event-source';
import { toast } from '../../lib/toast';

/**
 * Notices for the signed-in user wherever they are in the app (decision 010): a mailbox change refused for good
 * (its items were put back), as the spec's §8 toast; the triage lists and counts refetch, so the items show
 * where they are again. A change of the firm (members, roles, shared mailboxes) refreshes the firm on any screen,
 * so the sidebar's shared mailboxes and the Firm screen follow at once.
 */
export function useUserNotices() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    // Also when the stream may have missed a change (decision 036): the sidebar's counts are right again.
    const refetchFirmAndCounts = () => {
      void queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: triageKeys.counts() });
    };
    return openReopeningEventSource(TRIAGE_API.events, {
      // Opened again after the server refused it (the database was away): what changed meanwhile was not seen.
      onOpen: (wasRefused) => {
        if (wasRefused) refetchFirmAndCounts();
      },
      attach: (source) => {
        source.addEventListener(NOTICE_EVENT, (message) => {
          const notice = parseUserNotice(message.data);
          // A failed held send is the triage screen's (its toast offers Edit, back into the compose dialog).
          if (!notice || notice.kind === 'send-failed') return;
          const many = (notice.count ?? 1) > 1 ? ` (${notice.count} items)` : '';
          toast.error(notice.title, { description: `${notice.description}${many}` });
          if (notice.kind === 'mailbox-change-failed')
            void queryClient.invalidateQueries({ queryKey: triageKeys.all });
        });
        source.addEventListener(FIRM_EVENT, refetchFirmAndCounts);
        source.addEventListener(RESYNC_EVENT, refetchFirmAndCounts);
      },
    });
  }, [queryClient]);
}
