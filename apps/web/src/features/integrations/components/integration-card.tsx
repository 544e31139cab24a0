import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { TOKEN_BADGE_WINDOW_MINUTES } from '@ledgerdesk/domain/constants';
import { tokenExpiryLabel } from '@ledgerdesk/domain/integrations/connection-badge';
import {
  type DisplayTone,
  INITIALIZE_SYNC_LABEL,
  INITIALIZING_LABEL,
  integrationDisplay,
} from '@ledgerdesk/domain/integrations/display-state';
import { PROVIDER_LABELS } from '@ledgerdesk/domain/integrations/oauth-messages';
import {
  ACCESS_REMOVED_BADGE,
  SHARED_MAILBOX_BADGE,
  SHARED_MAILBOX_HELP,
} from '@ledgerdesk/domain/integrations/shared-mailbox';
import {
  isExpiringWithin,
  isTokenExpired,
  minutesUntilExpiry,
} from '@ledgerdesk/domain/integrations/token-expiry';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { formatRelativeTime } from '@ledgerdesk/domain/triage/relative-time';
import { AlertTriangle, CheckCircle2, FlaskConical, Users, XCircle } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { useVerifyIntegration } from '../api/verify-integration';
import { errorText, notify } from '../utils/notify';
import { ImapPasswordUpdate } from './imap-password-update';
import { type IntegrationActionHandlers, IntegrationActions } from './integration-actions';
import { LiveUpdatesLine } from './live-updates-line';
import { ShareWithFirm } from './share-with-firm';
import { SharedMailboxStatus } from './shared-mailbox-status';
import { VerificationStatus } from './verification-status';

const TONE: Record<DisplayTone, { badge: BadgeTone; text: string; icon: typeof CheckCircle2; ring: string }> =
  {
    green: { badge: 'success', text: 'text-success', icon: CheckCircle2, ring: 'bg-success-soft' },
    orange: { badge: 'warning', text: 'text-warning', icon: AlertTriangle, ring: 'bg-warning-soft' },
    red: { badge: 'danger', text: 'text-danger', icon: XCircle, ring: 'bg-danger-soft' },
  };

export type IntegrationCardProps = {
  integration: EmailIntegrationDto;
  now: Date;
  isRefreshing: boolean;
  isInitializing: boolean;
  isBusy: boolean;
  handlers: IntegrationActionHandlers;
};

/** One connected mailbox with its display state (spec §4) and its actions. */
export function IntegrationCard({
  integration,
  now,
  isRefreshing,
  isInitializing,
  isBusy,
  handlers,
}: IntegrationCardProps) {
  const display = integrationDisplay(integration, now);
  // A shared mailbox whose access the tenant removed (decision 024) reads as that, whatever its token says.
  const isAccessRemoved = integration.sharedMailbox?.accessRemovedAt != null;
  const tone = TONE[isAccessRemoved ? 'red' : display.tone];
  const Icon = tone.icon;
  const note = display.state === 'sync_not_initialised' && isInitializing ? null : display.note;
  const expiry = integration.isActive ? expiryNote(integration.tokenExpiresAt, now) : null;

  return (
    <li
      className="@container rounded-lg border border-border bg-surface p-4"
      aria-label={`${PROVIDER_LABELS[integration.provider]} ${integration.emailAddress}`}
      data-testid="integration-card"
      data-state={display.state}
    >
      {/* The actions sit beside the details only where the card is wide enough for both: beside them in a
          narrow card they squeezed the address and status lines into a column of a few words. */}
      <div className="flex flex-col gap-3 @2xl:flex-row @2xl:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', tone.ring)}>
            <Icon className={cn('size-5', tone.text)} aria-hidden />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="truncate text-sm font-semibold">{integration.emailAddress}</span>
              {isAccessRemoved ? (
                <Badge tone="danger">{ACCESS_REMOVED_BADGE}</Badge>
              ) : (
                <Badge tone={tone.badge}>{display.badgeLabel}</Badge>
              )}
              {integration.sharedMailbox ? (
                <Badge tone="accent" title={SHARED_MAILBOX_HELP}>
                  <Users className="size-3" aria-hidden />
                  {SHARED_MAILBOX_BADGE}
                </Badge>
              ) : null}
              {integration.isSandbox ? (
                <Badge tone="accent" title="A local sandbox mailbox, not a real Microsoft or Google account">
                  <FlaskConical className="size-3" aria-hidden />
                  Sandbox
                </Badge>
              ) : null}
            </div>
            <p className="text-[13px] text-muted">
              {PROVIDER_LABELS[integration.provider]}
              {integration.imap?.host ? ` · ${integration.imap.host}` : null}
              {integration.lastSyncAt ? (
                <>
                  {' · '}
                  <time
                    dateTime={integration.lastSyncAt}
                    title={new Date(integration.lastSyncAt).toLocaleString()}
                  >
                    Last sync {formatRelativeTime(pastOrNow(integration.lastSyncAt, now), now)}
                  </time>
                </>
              ) : null}
              {expiry?.isSoon ? (
                <span className="text-warning"> · {expiry.text}</span>
              ) : expiry ? (
                ` · ${expiry.text}`
              ) : null}
            </p>
            <SharedMailboxStatus integration={integration} />
            <LiveUpdatesLine integration={integration} />
            <CardVerification integration={integration} now={now} />
            {note ? <p className={cn('text-[13px] font-medium', tone.text)}>{note}</p> : null}
            {isInitializing ? (
              <p className="text-[13px] font-medium text-warning">{INITIALIZING_LABEL}</p>
            ) : null}
            {integration.provider === 'imap' && integration.needsReconnect && integration.isActive ? (
              <ImapPasswordUpdate integration={integration} />
            ) : integration.needsReconnect && !isAccessRemoved ? (
              <p className="text-[13px] font-medium text-danger" role="note">
                {reconnectNote(integration)}
              </p>
            ) : null}
            <ShareWithFirm integrationId={integration.id} emailAddress={integration.emailAddress} />
          </div>
        </div>
        <IntegrationActions
          integration={integration}
          display={display}
          isRefreshing={isRefreshing}
          isInitializing={isInitializing}
          isBusy={isBusy}
          handlers={handlers}
          initializeLabel={isInitializing ? INITIALIZING_LABEL : INITIALIZE_SYNC_LABEL}
        />
      </div>
    </li>
  );
}

/** Why the mailbox needs reconnecting, as its last refused token refresh said (else the spec's text). */
function reconnectNote(integration: EmailIntegrationDto): string {
  const reason = integration.metadata.reconnect_reason;
  return typeof reason === 'string' && reason ? reason : CONNECTION_EXPIRED_MESSAGE;
}

/** The card's verification line with its own "Verify now" request. */
function CardVerification({ integration, now }: { integration: EmailIntegrationDto; now: Date }) {
  const verify = useVerifyIntegration();
  return (
    <VerificationStatus
      emailAddress={integration.emailAddress}
      verification={integration.verification}
      now={now}
      canVerify={integration.isActive && !integration.needsReconnect}
      isPending={verify.isPending}
      onVerify={() =>
        verify.mutate(integration.id, {
          onError: (error) =>
            notify({
              title: 'Verification could not be started',
              description: errorText(error),
              tone: 'destructive',
            }),
        })
      }
    />
  );
}

/** A server time a little ahead of this browser's clock reads as "now", not "in less than a minute". */
function pastOrNow(iso: string, now: Date): Date {
  return new Date(Math.min(Date.parse(iso), now.getTime()));
}

/** "Token expiring soon" inside the 30-minute window (spec §5), else "Token expires in Nh/Nd" from one hour. */
function expiryNote(tokenExpiresAt: string | null, now: Date): { text: string; isSoon: boolean } | null {
  if (!tokenExpiresAt || isTokenExpired(tokenExpiresAt, now)) return null;
  if (isExpiringWithin(tokenExpiresAt, TOKEN_BADGE_WINDOW_MINUTES, now))
    return { text: 'Token expiring soon', isSoon: true };
  // Under an hour the badge's whole-hour label would read "0h"; the soon-window above covers the urgent part.
  const label =
    (minutesUntilExpiry(tokenExpiresAt, now) ?? 0) >= 60 ? tokenExpiryLabel(tokenExpiresAt, now) : null;
  return label ? { text: label, isSoon: false } : null;
}
