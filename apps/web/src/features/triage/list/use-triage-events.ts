import { NOTICE_EVENT, parseUserNotice, type UserNotice } from '@ledgerdesk/domain/api/notice-events';
import type { TriageChangeEvent } from '@ledgerdesk/domain/api/triage';
import { FIRM_EVENT, RESYNC_EVENT, TRIAGE_API, TRIAGE_EVENT } from '@ledgerdesk/domain/api/triage-endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FIRM_QUERY_KEY } from '../../../lib/firm-query';
import { openReopeningEventSource } from '../../../lib/reopening-event-source';
import { triageKeys } from '../triage-keys';

type Handlers = {
  onInsert: (event: TriageChangeEvent) => void;
  onUpdate: (event: TriageChangeEvent) => void;
  /** A notice for the user (a held message that failed to send). */
  onNotice?: (notice: UserNotice) => void;
};

function parseEvent(data: unknown): TriageChangeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<TriageChangeEvent>;
    if (
      (value.op === 'INSERT' || value.op === 'UPDATE' || value.op === 'DELETE' || value.op === 'COMMENT') &&
      typeof value.id === 'string'
    ) {
      const place = value.place;
      return {
        op: value.op,
        id: value.id,
        threadKey: String(value.threadKey ?? ''),
        ...(value.raised === true ? { raised: true } : {}),
        ...(place && typeof place.status === 'string'
          ? {
              place: {
                status: place.status,
                folderState: typeof place.folderState === 'string' ? place.folderState : null,
                isSnoozed: place.isSnoozed === true,
              },
            }
          : {}),
      };
    }
  } catch {
    // A malformed event is ignored; the next one or the polling backup catches up.
  }
  return null;
}

export { STREAM_REOPEN_MS } from '../../../lib/reopening-event-source';

/**
 * The user's triage changes and notices as they happen (Server-Sent Events on /api/events). Returns whether the stream
 * is connected, so polling can stand in while it is not. EventSource reconnects by itself after a dropped stream
 * (the server then answers `event: resync`), but gives up on one answered with an error status: that one is opened
 * again here, and its lists refetched once it is back, since what happened meanwhile was not seen (decision 036).
 */
export function useTriageEvents(handlers: Handlers): boolean {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [isConnected, setIsConnected] = useState(false);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const refetchEverything = () => {
      void queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: triageKeys.all });
    };
    const onTriage = (event: TriageChangeEvent) => {
      // A thread's internal comments changed: only its activity refetches (an open thread follows at once).
      if (event.op === 'COMMENT') {
        void queryClient.invalidateQueries({ queryKey: triageKeys.activity(event.threadKey) });
        return;
      }
      // A raised item (a snooze returning, a reminder firing) counts as new mail.
      if (event.op === 'INSERT' || event.raised) latest.current.onInsert(event);
      else latest.current.onUpdate(event);
    };
    const close = openReopeningEventSource(TRIAGE_API.events, {
      onOpen: (wasRefused) => {
        setIsConnected(true);
        if (wasRefused) refetchEverything();
      },
      onError: setIsConnected,
      attach: (source) => {
        source.addEventListener(TRIAGE_EVENT, (message) => {
          const event = parseEvent(message.data);
          if (event) onTriage(event);
        });
        source.addEventListener(NOTICE_EVENT, (message) => {
          const notice = parseUserNotice(message.data);
          if (notice) latest.current.onNotice?.(notice);
        });
        // The firm's members or shared mailboxes changed (decision 012): a removed member loses shared views at once.
        source.addEventListener(FIRM_EVENT, refetchEverything);
        // The stream may have missed events (a reconnect, or the server's database listener was lost a while).
        source.addEventListener(RESYNC_EVENT, refetchEverything);
      },
    });
    return () => {
      close();
      setIsConnected(false);
    };
  }, [queryClient]);
  return isConnected;
}
