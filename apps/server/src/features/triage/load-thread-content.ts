import type {
  EmailFetchFailure,
  ThreadContentResponse,
  ThreadDto,
  ThreadItemContent,
  ThreadLoadFailure,
} from '@ledgerdesk/domain/api/triage';
import type { EmailInThread } from '@ledgerdesk/domain/entities';
import {
  classifyFetchError,
  EMAIL_FETCH_ERRORS,
  type EmailFetchErrorCode,
} from '@ledgerdesk/domain/mail/email-fetch-errors';
import {
  shouldRetryThreadLoad,
  THREAD_LOAD_ERROR_TITLE,
  threadLoadErrorMessage,
} from '@ledgerdesk/domain/mail/thread-load-errors';
import {
  fallbackEmail,
  hasMailboxIds,
  threadLoadCodeForFetchError,
} from '@ledgerdesk/domain/triage/thread-content';
import { AppError } from '../../http/app-error';
import { runBounded } from './run-bounded';

export type ContentFetcher = (input: {
  integrationId: string;
  messageId: string;
  timeoutMs: number;
}) => Promise<EmailInThread>;

export type ContentLoadOptions = {
  fetch: ContentFetcher;
  itemTimeoutMs: number;
  threadTimeoutMs: number;
  concurrency: number;
  onUnexpectedError?: (error: unknown) => void;
};

/** A failure in the spec §8 email-fetch catalogue: the provider layer's code when it is one, else classified. */
export function toFetchFailure(error: unknown): EmailFetchFailure {
  const named = error instanceof AppError ? String(error.code) : '';
  const code: EmailFetchErrorCode = Object.hasOwn(EMAIL_FETCH_ERRORS, named)
    ? (named as EmailFetchErrorCode)
    : classifyFetchError(`${named} ${error instanceof Error ? error.message : String(error)}`);
  return { code, ...EMAIL_FETCH_ERRORS[code] };
}

function timeoutFailure(): ThreadItemContent['error'] {
  return { code: 'RequestTimeout', ...EMAIL_FETCH_ERRORS.RequestTimeout };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError(504, 'RequestTimeout', EMAIL_FETCH_ERRORS.RequestTimeout.description)),
      ms,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Loads each message of a thread through the provider layer, a few at a time, each within the per-item
 * timeout and all within the thread timeout (spec §9: 8 s and 15 s). Items that are not linked to a mailbox
 * message get their stored preview instead. Never rejects: failures are reported per item.
 */
export async function loadThreadContent(
  thread: ThreadDto,
  options: ContentLoadOptions,
): Promise<ThreadContentResponse> {
  const results = new Map<string, ThreadItemContent>();
  for (const item of thread.items) {
    if (!hasMailboxIds(item)) {
      results.set(item.id, { itemId: item.id, outcome: 'fallback', email: fallbackEmail(item), error: null });
    }
  }
  const linked = thread.items.filter(hasMailboxIds);
  let isTimedOut = false;
  let deadline: NodeJS.Timeout | undefined;
  const expired = new Promise<void>((resolve) => {
    deadline = setTimeout(() => {
      isTimedOut = true;
      resolve();
    }, options.threadTimeoutMs);
  });
  const work = runBounded(
    linked,
    options.concurrency,
    async (item) => {
      try {
        const email = await withTimeout(
          options.fetch({
            integrationId: item.emailIntegrationId as string,
            messageId: item.emailMessageId as string,
            timeoutMs: options.itemTimeoutMs,
          }),
          options.itemTimeoutMs,
        );
        if (!isTimedOut) results.set(item.id, { itemId: item.id, outcome: 'loaded', email, error: null });
      } catch (error) {
        if (!(error instanceof AppError)) options.onUnexpectedError?.(error);
        if (!isTimedOut) {
          results.set(item.id, {
            itemId: item.id,
            outcome: 'failed',
            email: null,
            error: toFetchFailure(error),
          });
        }
      }
    },
    () => isTimedOut,
  );
  await Promise.race([work, expired]);
  clearTimeout(deadline);
  const items = thread.items.map(
    (item) =>
      results.get(item.id) ?? {
        itemId: item.id,
        outcome: 'failed' as const,
        email: null,
        error: timeoutFailure(),
      },
  );
  return { threadId: thread.threadId, items, isTimedOut, threadError: threadErrorOf(items) };
}

/** "Failed to Load Thread" when nothing at all could be shown, named after the first failure. */
function threadErrorOf(items: ThreadItemContent[]): ThreadLoadFailure | null {
  if (items.some((item) => item.outcome !== 'failed')) return null;
  const first = items.find((item) => item.error)?.error;
  if (!first) return null;
  const code = threadLoadCodeForFetchError(first.code);
  return {
    code,
    title: THREAD_LOAD_ERROR_TITLE,
    message: threadLoadErrorMessage(code),
    isRetryable: shouldRetryThreadLoad(code, 0),
  };
}
