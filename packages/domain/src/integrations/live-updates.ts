/**
 * A mailbox's live updates (decision 021) as Email Integration shows them: `live` (the provider
 * pushes), `polling` (this configuration cannot push; the reason says why), `attention` (setting up or renewing
 * failed repeatedly, or the connection needs attention), `pending` (being set up or retried).
 */
export type LiveUpdatesState = 'live' | 'polling' | 'attention' | 'pending';

export type LiveUpdatesDto = {
  state: LiveUpdatesState;
  reason: string | null;
  lastNotificationAt: string | null;
  /** A Microsoft 365 shared mailbox without live updates is polled this often instead (decision 028). */
  pollSeconds?: number | null;
  /** Live updates wait for the tenant admin's consent: "Check again" looks once more. */
  needsAdminConsent?: boolean;
};

export const LIVE_UPDATES_TEXT = {
  live: 'Live updates',
  polling: 'Polling only',
  attention: 'Live updates off — checking every minute',
  pending: 'Setting up live updates',
  lastNotification: 'Last notification',
  connectionNeedsAttention: 'The mailbox connection needs attention.',
  turnedOff: 'Live updates are turned off on this server; checking every minute.',
  sharedNeedsConsent: "live updates for shared mailboxes need your Microsoft 365 admin's consent",
  checkAgain: 'Check again',
} as const;

/** "Checked every 15 seconds" — how often a shared mailbox without live updates is polled (decision 028). */
export const checkedEvery = (seconds: number) => `Checked every ${seconds} seconds`;

/**
 * The card's line: "Live updates", "Polling only — <reason>", "Live updates off — checking every minute", or for a
 * shared mailbox "Checked every 15 seconds — live updates for shared mailboxes need your Microsoft 365 admin's
 * consent".
 */
export function liveUpdatesLine(push: LiveUpdatesDto): string {
  if (push.state === 'polling' && push.pollSeconds)
    return push.reason
      ? `${checkedEvery(push.pollSeconds)} — ${push.reason}`
      : checkedEvery(push.pollSeconds);
  if (push.state === 'polling')
    return push.reason ? `${LIVE_UPDATES_TEXT.polling} — ${push.reason}` : LIVE_UPDATES_TEXT.polling;
  return LIVE_UPDATES_TEXT[push.state];
}
