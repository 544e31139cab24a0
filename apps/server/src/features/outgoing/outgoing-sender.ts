import type { UserNotice } from '@ledgerdesk/domain/api/notice-events';
import { SEND_ERRORS, type SendErrorCode } from '@ledgerdesk/domain/mail/send-errors';
import { OFFICE365_ACCOUNT_REQUIRED } from '@ledgerdesk/domain/triage/validate-compose';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { AppError } from '../../http/app-error';
import { isUnknownOutcome, ProviderError, sendEmail } from '../../mail';
import { notifyUser } from '../../realtime/user-notices';
import type { Clock } from '../../time/clock';
import { scheduleFollowUp } from '../triage';
import {
  claimDueMail,
  findClaimedMail,
  holdMailForRetry,
  markMailFailed,
  markMailSent,
} from './outgoing-repository';
import { type OutgoingRow, toSendEmailInput } from './outgoing-row';

/** At most this many held messages are claimed per tick; a backlog drains over the following ticks. */
const BATCH_ROWS = 50;
/** Sends in flight at once per node. */
const SEND_CONCURRENCY = 4;
/**
 * A node that claimed a message and died lets another node take it over after this long (well past the send's
 * own 25 s deadline, so a slow send is never sent twice by a second node).
 */
const LEASE_SECONDS = 120;
/** Throttled or unavailable providers are tried again after these delays; then the send fails for good. */
const RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000];
/** Failures where the provider surely did not take the message: trying again cannot send it twice. */
const RETRYABLE_KINDS = new Set(['throttled', 'unavailable']);
/**
 * A send whose answer was lost and that was not yet in Sent is tried again no sooner than this: the next try
 * looks for it in Sent first (decision 029), and the providers file their Sent copy within seconds.
 */
const UNKNOWN_OUTCOME_MIN_DELAY_MS = 30_000;

export type SenderCounts = { sent: number; retried: number; failed: number };
type Outcome = keyof SenderCounts | 'gone';

/** The spec §8 send texts for a failure, as the notice the user sees. */
export function sendFailureNotice(error: unknown, outgoingId: string): UserNotice {
  const code = error instanceof AppError ? error.code : 'UNKNOWN';
  const text =
    code === 'INTEGRATION_INACTIVE'
      ? OFFICE365_ACCOUNT_REQUIRED
      : (SEND_ERRORS[code as SendErrorCode] ?? SEND_ERRORS.UNKNOWN);
  return { kind: 'send-failed', title: text.title, description: text.description, outgoingId };
}

const causeOf = (error: unknown) => (error instanceof AppError ? error.cause : error);

/**
 * Surely not sent (throttled, unavailable before sending), or maybe sent: the next try looks in Sent before it
 * posts (decision 029), so neither can send the message twice.
 */
function isRetryable(error: unknown): boolean {
  const cause = causeOf(error);
  return (cause instanceof ProviderError && RETRYABLE_KINDS.has(cause.kind)) || isUnknownOutcome(cause);
}

/** Sends one claimed message through the mail service, then records how it went. */
async function sendClaimed(app: FastifyInstance, clock: Clock, userId: string, id: string): Promise<Outcome> {
  const row = await withUser(app.db, userId, (tx) => findClaimedMail(tx, id));
  if (!row) return 'gone';
  let sent: Awaited<ReturnType<typeof sendEmail>>;
  try {
    sent = await sendEmail({ deps: app.mail, userId }, toSendEmailInput(row));
  } catch (error) {
    return recordFailure(app, clock, row, error);
  }
  // Outside the try: a database error now must not report a message that went out as failed.
  await withUser(app.db, userId, (tx) => markMailSent(tx, { id, at: clock.now() }));
  if (row.followUpAt) {
    await scheduleFollowUp(app, userId, {
      integrationId: sent.integrationId,
      threadId: sent.threadId,
      subject: row.subject,
      sentAt: new Date(),
      remindAt: row.followUpAt,
    }).catch((error: unknown) => app.log.error({ err: error, id }, 'follow-up after a held send failed'));
  }
  return 'sent';
}

/** Holds a message again for a later try, or keeps it as failed and tells its owner (spec §8 send texts). */
async function recordFailure(
  app: FastifyInstance,
  clock: Clock,
  row: OutgoingRow,
  error: unknown,
): Promise<Outcome> {
  const errorCode = error instanceof AppError ? String(error.code) : 'UNKNOWN';
  const errorMessage = error instanceof Error ? error.message : String(error);
  const delay = RETRY_DELAYS_MS[row.attempts - 1];
  if (isRetryable(error) && delay !== undefined) {
    const wait = isUnknownOutcome(causeOf(error)) ? Math.max(delay, UNKNOWN_OUTCOME_MIN_DELAY_MS) : delay;
    const sendAt = new Date(clock.now().getTime() + wait);
    await withUser(app.db, row.userId, (tx) =>
      holdMailForRetry(tx, { id: row.id, sendAt, errorCode, errorMessage }),
    );
    return 'retried';
  }
  app.log.warn({ err: error, id: row.id, userId: row.userId }, 'held mail could not be sent');
  await withUser(app.db, row.userId, async (tx) => {
    await markMailFailed(tx, { id: row.id, at: clock.now(), errorCode, errorMessage });
    await notifyUser(tx, row.userId, sendFailureNotice(error, row.id));
  });
  return 'failed';
}

/**
 * One pass of the sender: claims the due held messages through the definer function of migration 0010 (which
 * skips rows another node is claiming and marks them 'sending' at once, so no message is sent by two nodes),
 * and sends them.
 */
export async function sendDueMail(app: FastifyInstance, clock: Clock): Promise<SenderCounts> {
  const claimed = await claimDueMail(app.db, {
    now: clock.now(),
    limit: BATCH_ROWS,
    leaseSeconds: LEASE_SECONDS,
  });
  const counts: SenderCounts = { sent: 0, retried: 0, failed: 0 };
  for (let start = 0; start < claimed.length; start += SEND_CONCURRENCY) {
    const outcomes = await Promise.allSettled(
      claimed
        .slice(start, start + SEND_CONCURRENCY)
        .map((row) => sendClaimed(app, clock, row.userId, row.id)),
    );
    for (const outcome of outcomes) {
      // A database failure leaves the message 'sending': its lease runs out and a node sends it then.
      if (outcome.status === 'rejected')
        app.log.error({ err: outcome.reason }, 'held mail: recording failed');
      else if (outcome.value !== 'gone') counts[outcome.value] += 1;
    }
  }
  return counts;
}

/** How often each node looks for held mail that is due. */
export const OUTGOING_SENDER_TICK_MS = 1000;

/**
 * Runs the sender every second on this node until stopped (like the triage timers). Every node may run it;
 * the held mail lives in PostgreSQL, so a restart inside the undo window still sends it.
 */
export function startOutgoingSender(app: FastifyInstance, clock: Clock): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = sendDueMail(app, clock)
      .then((counts) => {
        if (counts.sent + counts.retried + counts.failed > 0) app.log.info(counts, 'outgoing mail');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'outgoing mail sender failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, OUTGOING_SENDER_TICK_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
