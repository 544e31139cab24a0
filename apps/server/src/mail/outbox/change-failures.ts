import { ARCHIVE_ERRORS, classifyArchiveError } from '@ledgerdesk/domain/mail/archive-errors';
import { MOVE_TO_INBOX_FAILED_TITLE } from '@ledgerdesk/domain/mail/unarchive-errors';
import { UPDATE_FAILED_TITLE } from '@ledgerdesk/domain/triage/item-update-messages';
import { toArchiveError, toReadStateError, toUnarchiveError } from '../core/error-mapping';
import { MailError } from '../core/errors';
import type { MailboxChangeOperation } from '../core/provider';
import { ProviderError } from '../core/transport/provider-error';

/** Failures worth trying again later: the provider was busy, down or unreachable, or answered nonsense. */
const TRANSIENT_KINDS = new Set([
  'throttled',
  'unavailable',
  'timeout',
  'network',
  'bad_response',
  'unknown',
]);

/** A change still failing after this many attempts is given up with the operation's generic text. */
export const MAX_PUSH_ATTEMPTS = 40;

export type ChangeFailure = {
  isPermanent: boolean;
  /** The provider's Retry-After (seconds), when it asked for a pause longer than a call waits. */
  retryAfterSeconds: number | null;
  /** Spec §8 catalogue code, HTTP status, title and text of the operation's failure. */
  code: string;
  status: number;
  title: string;
  description: string;
};

function isTransient(error: unknown): boolean {
  if (error instanceof ProviderError) return TRANSIENT_KINDS.has(error.kind);
  // Our own mapping failures (a folder missing, a connection to redo) are final; anything else (a database
  // hiccup, a bug) is tried again.
  return !(error instanceof MailError);
}

/** The spec §8 toast of a refused change: archive titles for a clear, "Move to Inbox Failed", "Update Failed". */
export function describeFailure(
  operation: MailboxChangeOperation,
  error: unknown,
  attempts: number,
): ChangeFailure {
  const isPermanent = !isTransient(error) || attempts >= MAX_PUSH_ATTEMPTS;
  const retryAfterSeconds =
    error instanceof ProviderError && error.retryAfterMs !== null
      ? Math.ceil(error.retryAfterMs / 1000)
      : null;
  if (operation === 'archive') {
    const mapped = toArchiveError(error);
    const known =
      mapped.code in ARCHIVE_ERRORS
        ? ARCHIVE_ERRORS[mapped.code as keyof typeof ARCHIVE_ERRORS]
        : ARCHIVE_ERRORS[classifyArchiveError(`${mapped.code} ${mapped.message}`)];
    return {
      isPermanent,
      retryAfterSeconds,
      code: String(mapped.code),
      status: mapped.statusCode,
      title: known.title,
      description: mapped.message,
    };
  }
  const mapped = operation === 'unarchive' ? toUnarchiveError(error) : toReadStateError(error);
  return {
    isPermanent,
    retryAfterSeconds,
    code: String(mapped.code),
    status: mapped.statusCode,
    title: operation === 'unarchive' ? MOVE_TO_INBOX_FAILED_TITLE : UPDATE_FAILED_TITLE,
    description: mapped.message,
  };
}

/** Longest pause a provider's Retry-After may impose on a change. */
const MAX_RETRY_AFTER_SECONDS = 3600;

/**
 * Seconds before a transiently failed change is tried again: 1, 2, 4 … capped at 15, or the provider's
 * Retry-After when it asked for longer (at most an hour).
 */
export function retryDelaySeconds(attempts: number, retryAfterSeconds: number | null = null): number {
  const backoff = Math.min(15, 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, Math.min(MAX_RETRY_AFTER_SECONDS, retryAfterSeconds ?? 0));
}
