import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import { THREAD_LOADING_TIMEOUT_MS } from '@ledgerdesk/domain/constants';
import {
  classifyThreadLoadError,
  THREAD_LOAD_ERROR_TITLE,
  threadLoadErrorMessage,
} from '@ledgerdesk/domain/mail/thread-load-errors';
import { threadDetailStatus } from '@ledgerdesk/domain/triage/thread-detail-status';
import { statusCardKind } from '@ledgerdesk/domain/triage/thread-status-cards';
import { canReply } from '@ledgerdesk/domain/triage/validate-compose';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { triageKeys } from '../triage-keys';
import { useThread } from './get-thread';
import { useThreadContent } from './get-thread-content';
import type { EmailRowData } from './thread-detail-types';

/** After 15 s of loading the thread is flagged timed out (spec §4); a retry starts the clock again. */
function useLoadTimeout(key: string, isLoading: boolean): [boolean, () => void] {
  const [timedOutKey, setTimedOutKey] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const attemptKey = `${key}#${attempt}`;
  useEffect(() => {
    if (!isLoading) return;
    const timer = setTimeout(() => setTimedOutKey(attemptKey), THREAD_LOADING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isLoading, attemptKey]);
  const restart = useCallback(() => setAttempt((value) => value + 1), []);
  return [timedOutKey === attemptKey, restart];
}

/** One "Failed to Load Thread" toast per failure. */
function useFailureToast(failureKey: string | null, message: string) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!failureKey || shown.current === failureKey) return;
    shown.current = failureKey;
    toast.error(THREAD_LOAD_ERROR_TITLE, { description: message });
  }, [failureKey, message]);
}

/** The open thread: its items, their contents, the status of spec §4 and the card to show. */
export function useThreadDetail(group: ThreadGroupDto) {
  const queryClient = useQueryClient();
  const threadKey = group.id;
  const thread = useThread(threadKey);
  const content = useThreadContent(threadKey);
  const [isTimedOut, restartTimeout] = useLoadTimeout(threadKey, content.isPending);
  const selected = group.latestEmail;
  const hasIntegrationData = canReply(selected);
  const isCleared = selected.status === 'cleared';

  const rows = useMemo<EmailRowData[]>(() => {
    const items = new Map((thread.data?.items ?? []).map((item) => [item.id, item]));
    for (const email of group.emails) if (!items.has(email.id)) items.set(email.id, email);
    return (content.data?.items ?? []).map((entry) => ({
      itemId: entry.itemId,
      item: items.get(entry.itemId),
      email: entry.email,
      error: entry.error,
    }));
  }, [thread.data, content.data, group.emails]);
  const emails = rows.flatMap((row) => (row.email ? [row.email] : []));

  const status = threadDetailStatus({
    hasIntegrationData,
    folderState: selected.metadata?.exchange_folder_state,
    isLoading: content.isPending && !isTimedOut,
    isTimedOut: isTimedOut && content.isPending,
    thread: content.data ? { emails } : null,
  });
  const cardKind = statusCardKind({ status, isCleared, hasIntegrationData, hasEmails: emails.length > 0 });

  const threadError = content.data?.threadError ?? null;
  // One toast per failure while the thread is open: a refetch that fails the same way (a live update after the
  // thread was marked read) says nothing new; Retry starts over.
  const [attempt, setAttempt] = useState(0);
  const failure = content.error
    ? {
        key: `${threadKey}:${attempt}:error`,
        message: threadLoadErrorMessage(classifyThreadLoadError(content.error.message)),
      }
    : threadError
      ? { key: `${threadKey}:${attempt}:${threadError.message}`, message: threadError.message }
      : isTimedOut && content.isPending
        ? { key: `${threadKey}:${attempt}:timeout`, message: threadLoadErrorMessage('Timeout') }
        : null;
  useFailureToast(failure?.key ?? null, failure?.message ?? '');

  const retry = useCallback(() => {
    setAttempt((count) => count + 1);
    restartTimeout();
    void queryClient.resetQueries({ queryKey: triageKeys.thread(threadKey) });
    void queryClient.resetQueries({ queryKey: triageKeys.content(threadKey) });
  }, [queryClient, threadKey, restartTimeout]);

  return { thread: thread.data, content: content.data, rows, status, cardKind, isCleared, retry };
}
