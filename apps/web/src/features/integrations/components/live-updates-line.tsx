import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { LIVE_UPDATES_TEXT, liveUpdatesLine } from '@ledgerdesk/domain/integrations/live-updates';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCheckLiveUpdates } from '../api/check-live-updates';
import { errorText, notify } from '../utils/notify';

const TONE = {
  live: 'text-success',
  polling: 'text-muted',
  attention: 'text-warning',
  pending: 'text-muted',
};

const clockTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The mailbox's live updates (decision 021): "Live updates · Last notification 10:42", or why not; a shared mailbox
 * waiting for the admin's consent says how often it is checked instead, with "Check again" (decision 028).
 */
export function LiveUpdatesLine({ integration }: { integration: EmailIntegrationDto }) {
  const check = useCheckLiveUpdates();
  const push = integration.push;
  if (!integration.isActive || !push) return null;
  const reason = push.state === 'attention' && push.reason ? `. ${push.reason}` : '';
  const line = (
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
  if (!push.needsAdminConsent) return line;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {line}
      <Button
        size="sm"
        variant="secondary"
        disabled={check.isPending}
        aria-label={`${LIVE_UPDATES_TEXT.checkAgain} for live updates of ${integration.emailAddress}`}
        onClick={() =>
          check.mutate(integration.id, {
            onSuccess: (updated) =>
              notify(
                updated.push?.state === 'live'
                  ? { title: 'Live Updates On', description: `${integration.emailAddress} now updates live.` }
                  : {
                      title: 'Still Checked Regularly',
                      description: updated.push ? liveUpdatesLine(updated.push) : '',
                    },
                updated.push?.state === 'live' ? 'success' : 'info',
              ),
            onError: (error) =>
              notify({
                title: 'Live Updates Not Checked',
                description: errorText(error),
                tone: 'destructive',
              }),
          })
        }
      >
        {check.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {LIVE_UPDATES_TEXT.checkAgain}
      </Button>
    </div>
  );
}
