import { clientLabel, type ThreadClient } from '@ledgerdesk/domain/api/clients-endpoints';
import type { EmailAddress, TriageItem } from '@ledgerdesk/domain/entities';
import {
  isSharedActivity,
  type SharedActivity,
  sharedActivityLabel,
} from '@ledgerdesk/domain/firm/shared-activity';
import { displayAddress } from '@ledgerdesk/domain/triage/recipients-summary';
import { ArrowLeft, Building2, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { ParticipantAvatars } from './participant-avatars';

type ThreadDetailHeaderProps = {
  subject: string;
  participants: EmailAddress[];
  emailCount: number;
  /** Who last acted on the thread, in a mailbox shared with the firm ("Cleared by Sam, 10:42"). */
  activity?: SharedActivity | null;
  /** Who the thread is with ("Northgate Dental · Priya Natarajan", decision 015). */
  client?: ThreadClient | null;
  /** Offers "Set client…" when the client is unknown (or to change it). */
  onSetClient?: (() => void) | null;
  /** Adds the "client: X" chip to the list. */
  onFilterClient?: ((organisation: string) => void) | null;
  /** "Always do this…": the Rules screen's new rule pre-filled from this thread (decision 025). */
  alwaysDoThisTo?: string | null;
  isMobile: boolean;
  onClose: () => void;
};

/** The open thread's header: subject, participants and how many emails it holds. */
export function ThreadDetailHeader({
  subject,
  participants,
  emailCount,
  activity,
  client,
  onSetClient,
  onFilterClient,
  alwaysDoThisTo,
  isMobile,
  onClose,
}: ThreadDetailHeaderProps) {
  const names = participants.map(displayAddress);
  return (
    <div className="flex items-start gap-3 border-b border-border px-4 pt-3 pb-2.5">
      {isMobile ? (
        <Button size="icon-sm" variant="ghost" aria-label="Back to list" onClick={onClose} className="-ml-1">
          <ArrowLeft />
        </Button>
      ) : null}
      <div className="min-w-0 flex-1">
        <h2 className="text-base leading-snug font-semibold break-words" data-testid="thread-subject">
          {subject || '(no subject)'}
        </h2>
        <div className="mt-1 flex items-center gap-2 text-[12px] text-muted">
          <ParticipantAvatars participants={names} size={20} />
          <span className="truncate">{names.join(', ')}</span>
          <span className="shrink-0" data-testid="thread-email-count">
            · {emailCount} {emailCount === 1 ? 'email' : 'emails'}
          </span>
        </div>
        {client || onSetClient ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-[12px]" data-testid="thread-client">
            {client ? (
              <span className="font-medium text-fg">
                <Building2 className="mr-1 inline size-3.5 align-[-2px] text-muted" aria-hidden />
                {clientLabel(client)}
              </span>
            ) : null}
            {client?.organisation && onFilterClient ? (
              <button
                type="button"
                className="text-accent hover:underline"
                onClick={() => onFilterClient(client.organisation ?? '')}
              >
                Filter by client
              </button>
            ) : null}
            {onSetClient ? (
              <button type="button" className="text-accent hover:underline" onClick={onSetClient}>
                {client ? 'Change client…' : 'Set client…'}
              </button>
            ) : null}
          </p>
        ) : null}
        {alwaysDoThisTo ? (
          <p className="mt-1 text-[12px]">
            <Link to={alwaysDoThisTo} className="text-accent hover:underline">
              Always do this…
            </Link>
          </p>
        ) : null}
        {activity ? (
          <p className="mt-1 text-[12px] text-muted" data-testid="thread-shared-activity">
            {sharedActivityLabel(activity)}
          </p>
        ) : null}
      </div>
      {isMobile ? null : (
        <Tooltip content="Close" shortcut="Esc">
          <Button size="icon-sm" variant="ghost" aria-label="Close thread" onClick={onClose}>
            <X />
          </Button>
        </Tooltip>
      )}
    </div>
  );
}

/** The newest "who did what" among a thread's items (items of a mailbox shared with the firm carry one). */
export function latestSharedActivity(items: readonly Pick<TriageItem, 'metadata'>[]): SharedActivity | null {
  let latest: SharedActivity | null = null;
  for (const item of items) {
    const activity = item.metadata?.shared_activity;
    if (isSharedActivity(activity) && (!latest || Date.parse(activity.at) > Date.parse(latest.at)))
      latest = activity;
  }
  return latest;
}
