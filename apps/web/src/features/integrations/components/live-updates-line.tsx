import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { LIVE_UPDATES_TEXT, liveUpdatesLine } from '@ledgerdesk/domain/integrations/live-updates';
import { cn } from '../../../lib/cn';

const TONE = {
  live: 'text-success',
  polling: 'text-muted',
  attention: 'text-warning',
  pending: 'text-muted',
};

const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** The mailbox's live updates (decision 021): "Live updates · Last notification 10:42", or why not. */
export function LiveUpdatesLine({ integration }: { integration: EmailIntegrationDto }) {
  const push = integration.push;
  if (!integration.isActive || !push) return null;
  const reason = push.state === 'attention' && push.reason ? `. ${push.reason}` : '';
  return (
    <p className={cn('text-[13px]', TONE[push.state])} data-testid="live-updates" data-state={push.state}>
      {liveUpdatesLine(push)}
      {reason}
      {push.lastNotificationAt ? (
        <span className="text-muted">
          {' · '}
          <time dateTime={push.lastNotificationAt} title={new Date(push.lastNotificationAt).toLocaleString()}>
            {LIVE_UPDATES_TEXT.lastNotification} {clockTime(push.lastNotificationAt)}
          </time>
        </span>
      ) : null}
    </p>
  );
}
