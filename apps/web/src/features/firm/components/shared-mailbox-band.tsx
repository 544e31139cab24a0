import type { SharedMailboxDto } from '@ledgerdesk/domain/api/firms-endpoints';
import type { Provider } from '@ledgerdesk/domain/entities';
import { connectionBadge } from '@ledgerdesk/domain/integrations/connection-badge';
import { pageTitle } from '@ledgerdesk/domain/shell/page-title';
import { pathForSharedView, SHARED_SUB_VIEWS } from '@ledgerdesk/domain/triage/triage-view';
import { Share2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../../../lib/cn';
import { useRenderNow } from '../../../lib/use-now';

const DOT = { connected: 'bg-success', token_expired: 'bg-warning', not_connected: 'bg-subtle' } as const;

/** Its connection in the owner's words for members: they cannot reconnect someone else's mailbox. */
const STATE_TEXT = {
  connected: 'Connected',
  token_expired: 'Token expired — its owner can refresh it',
  not_connected: 'Not connected — its owner can reactivate it',
} as const;

/**
 * The band under a shared mailbox's triage title (decision 012): which mailbox this is and whose, its connection
 * (the owner's integration), and its views — its own, Later, Low Priority, Scheduled, Sent and Cleared — as a
 * member reaches their own.
 */
export function SharedMailboxBand({ mailbox }: { mailbox: SharedMailboxDto }) {
  const now = useRenderNow(30_000);
  const { connection } = mailbox;
  const lastSyncAt =
    connection.lastSyncAt && Date.parse(connection.lastSyncAt) > now.getTime()
      ? now.toISOString()
      : connection.lastSyncAt;
  const badge = connectionBadge([{ provider: mailbox.provider as Provider, ...connection, lastSyncAt }], now);
  const views = [null, ...SHARED_SUB_VIEWS] as const;
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement | null>(null);
  // On a phone the views scroll sideways: the one shown stays in sight.
  useEffect(() => {
    if (!pathname) return;
    navRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="flex flex-col gap-1.5" data-testid="shared-mailbox-band">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-[13px]">
        <Share2 className="size-3.5 shrink-0 text-muted" aria-hidden />
        <span className="min-w-0 truncate font-medium" data-testid="shared-mailbox-name">
          {mailbox.emailAddress}
        </span>
        <span className="text-muted">
          <span aria-hidden className="hidden sm:inline">
            ·{' '}
          </span>
          shared by {mailbox.ownerName}
        </span>
        <span
          className="flex min-w-0 items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-[12px]"
          data-testid="connection-badge"
          data-state={badge.state}
        >
          <span aria-hidden className={cn('size-2 shrink-0 rounded-full', DOT[badge.state])} />
          <span className="font-medium">{STATE_TEXT[badge.state]}</span>
          {badge.lastSyncLabel ? (
            <span className="hidden truncate text-muted sm:inline">· {badge.lastSyncLabel}</span>
          ) : null}
        </span>
      </div>
      <nav
        aria-label={`Views of ${mailbox.emailAddress}`}
        className="-mx-1 overflow-x-auto [scrollbar-width:none]"
      >
        <ul className="flex items-center gap-1">
          {views.map((view) => {
            const to = pathForSharedView(mailbox.integrationId, view);
            return (
              <li key={view ?? 'main'}>
                <NavLink
                  to={to}
                  end
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-2 py-1 text-[12px] whitespace-nowrap text-muted hover:bg-hover hover:text-fg',
                      'focus-visible:outline-2 focus-visible:outline-ring',
                      isActive && 'bg-accent-soft font-medium text-fg',
                    )
                  }
                >
                  {view ? pageTitle(to) : 'Inbox'}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
