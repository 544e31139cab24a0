/**
 * A mailbox's live updates (issue 29, decision 021) as Email Integration shows them: `live` (the provider
 * pushes), `polling` (this configuration cannot push; the reason says why), `attention` (setting up or renewing
 * failed repeatedly, or the connection needs attention), `pending` (being set up or retried).
 */
export type LiveUpdatesState = 'live' | 'polling' | 'attention' | 'pending';

export type LiveUpdatesDto = {
  state: LiveUpdatesState;
  reason: string | null;
  lastNotificationAt: string | null;
};

export const LIVE_UPDATES_TEXT = {
  live: 'Live updates',
  polling: 'Polling only',
  attention: 'Live updates off — checking every minute',
  pending: 'Setting up live updates',
  lastNotification: 'Last notification',
  connectionNeedsAttention: 'The mailbox connection needs attention.',
  turnedOff: 'Live updates are turned off on this server; checking every minute.',
} as const;

/** The card's line: "Live updates", "Polling only — <reason>", "Live updates off — checking every minute". */
export function liveUpdatesLine(push: LiveUpdatesDto): string {
  if (push.state === 'polling')
    return push.reason ? `${LIVE_UPDATES_TEXT.polling} — ${push.reason}` : LIVE_UPDATES_TEXT.polling;
  return LIVE_UPDATES_TEXT[push.state];
}
