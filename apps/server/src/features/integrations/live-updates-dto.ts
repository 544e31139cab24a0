import { LIVE_UPDATES_TEXT, type LiveUpdatesDto } from '@ledgerdesk/domain/integrations/live-updates';
import type { emailIntegrations } from '../../db/schema/email-integrations';
import type { mailboxPush } from '../../db/schema/mailbox-push';

type IntegrationRow = typeof emailIntegrations.$inferSelect;
type PushRow = typeof mailboxPush.$inferSelect;

/** After this many failed attempts in a row the card says "Live updates off" (mail/push/maintain-push.ts). */
const FAILURES_BEFORE_ATTENTION = 3;

/**
 * A mailbox's live updates as Email Integration shows them (decision 021). With `MAIL_PUSH=off` no push job or
 * IDLE connection ever runs, so every mailbox is "Polling only" with that reason (it said "Setting up live
 * updates" for ever).
 */
export function toLiveUpdatesDto(
  integration: IntegrationRow,
  push: PushRow | undefined,
  isPushOff = false,
  sharedPollSeconds: number | null = null,
): LiveUpdatesDto {
  const lastNotificationAt = push?.lastNotificationAt?.toISOString() ?? null;
  if (integration.needsReconnect) {
    return { state: 'attention', reason: LIVE_UPDATES_TEXT.connectionNeedsAttention, lastNotificationAt };
  }
  if (isPushOff) return { state: 'polling', reason: LIVE_UPDATES_TEXT.turnedOff, lastNotificationAt };
  if (!push || push.state === 'pending') return { state: 'pending', reason: null, lastNotificationAt };
  if (push.state === 'live') return { state: 'live', reason: null, lastNotificationAt };
  if (push.state === 'unavailable') {
    // A shared mailbox that cannot push is polled fast instead (decision 028); the card says how often.
    if (integration.mailboxKind === 'shared' && sharedPollSeconds) {
      const needsAdminConsent = push.lastError === LIVE_UPDATES_TEXT.sharedNeedsConsent;
      return {
        state: 'polling',
        reason: push.lastError,
        lastNotificationAt,
        pollSeconds: sharedPollSeconds,
        needsAdminConsent,
      };
    }
    return { state: 'polling', reason: push.lastError, lastNotificationAt };
  }
  const state = push.failureCount >= FAILURES_BEFORE_ATTENTION ? 'attention' : 'pending';
  return { state, reason: push.lastError, lastNotificationAt };
}
