import { displayName } from '@ledgerdesk/domain/shell/display-name';
import { ChevronDown, History, LogOut, Mail, PanelLeftClose, PanelLeftOpen, Settings } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Tooltip } from '../../components/ui/tooltip';
import { useAuth } from '../../features/auth/auth-provider';
import { useTriageCounts } from '../../features/triage/list/get-triage-counts';
import { cn } from '../../lib/cn';
import { useFirm } from '../../lib/firm-query';
import { useProfile } from '../../lib/profile-query';
import {
  DRAFTS_ITEM,
  FIRM_ITEM,
  MAILBOX_ITEMS,
  MAIN_ITEMS,
  type NavItem,
  RECENTLY_VIEWED,
  SHARED_MAILBOX_ICON,
  TRIAGE_ICON,
} from './nav-items';
import { useSignOut } from './use-sign-out';

type SidebarProps = { isCollapsed: boolean; onToggle: () => void; onNavigate?: () => void };

/** The side navigation of spec §2: brand, profile block, Triage and its mailbox, other areas, footer. */
export function Sidebar({ isCollapsed, onToggle, onNavigate }: SidebarProps) {
  const { session } = useAuth();
  const handleSignOut = useSignOut();
  const location = useLocation();
  const profile = useProfile(Boolean(session)).data;
  const counts = useTriageCounts(Boolean(session)).data;
  const firm = useFirm(Boolean(session)).data?.firm ?? null;
  const [openSection, setOpenSection] = useState<'triage' | 'recent' | null>('triage');
  const email = profile?.email ?? session?.user.email ?? '';
  const name = displayName(profile?.fullName, email);
  const isTriageActive = location.pathname.startsWith('/triage');

  const badge = (key: NavItem['badge']) => (key && counts ? counts[key] : 0);

  return (
    <nav aria-label="Main" className="flex h-full flex-col bg-surface-2 text-[13px]">
      <div
        className={cn(
          'flex h-12 items-center gap-2 border-b border-border px-3',
          isCollapsed && 'justify-center px-0',
        )}
      >
        <span className="flex size-6 shrink-0 items-center justify-center rounded-md bg-accent text-xs font-bold text-accent-fg">
          L
        </span>
        {isCollapsed ? null : <span className="flex-1 truncate font-semibold">Ledgerdesk</span>}
        {isCollapsed ? null : (
          <Tooltip content="Collapse sidebar" shortcut="Ctrl B">
            <button
              type="button"
              onClick={onToggle}
              aria-label="Collapse sidebar"
              className="flex size-7 items-center justify-center rounded-md text-muted hover:bg-hover"
            >
              <PanelLeftClose className="size-4" />
            </button>
          </Tooltip>
        )}
      </div>
      {isCollapsed ? (
        <div className="flex justify-center border-b border-border py-2">
          <Tooltip content="Expand sidebar" shortcut="Ctrl B">
            <button
              type="button"
              onClick={onToggle}
              aria-label="Expand sidebar"
              className="flex size-7 items-center justify-center rounded-md text-muted hover:bg-hover"
            >
              <PanelLeftOpen className="size-4" />
            </button>
          </Tooltip>
        </div>
      ) : null}

      <NavLink
        to="/profile"
        onClick={onNavigate}
        className={cn(
          'flex items-center gap-2.5 border-b border-border px-3 py-2.5 hover:bg-hover',
          isCollapsed && 'justify-center px-0',
        )}
        aria-label={isCollapsed ? `${name} — profile` : undefined}
      >
        <Avatar name={name} src={profile?.avatarUrl} size={isCollapsed ? 28 : 32} />
        {isCollapsed ? null : (
          <span className="min-w-0">
            <span className="block truncate font-medium" data-testid="sidebar-profile-name">
              {name}
            </span>
            <span className="block truncate text-[12px] text-muted">
              {profile?.jobTitle || 'View Profile'}
            </span>
          </span>
        )}
      </NavLink>

      <div className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
        <SectionHeader
          label="Triage"
          icon={<TRIAGE_ICON className="size-4" />}
          to="/triage/personal/inbox"
          isActive={isTriageActive && location.pathname.endsWith('/inbox')}
          count={counts?.triage ?? 0}
          isOpen={openSection === 'triage'}
          onToggle={() => setOpenSection(openSection === 'triage' ? null : 'triage')}
          isCollapsed={isCollapsed}
          onNavigate={onNavigate}
        />
        {openSection === 'triage' && !isCollapsed ? (
          <div className="mb-1 ml-3 border-l border-border pl-2">
            <p
              className="truncate px-2 pt-1.5 pb-1 text-[11px] font-medium tracking-wide text-muted uppercase"
              title={email}
            >
              {email || 'My mailbox'}
            </p>
            {MAILBOX_ITEMS.map((item) => (
              <NavRow
                key={item.to}
                item={item}
                count={badge(item.badge)}
                isCollapsed={false}
                onNavigate={onNavigate}
              />
            ))}
            <NavRow
              item={DRAFTS_ITEM}
              count={badge(DRAFTS_ITEM.badge)}
              isCollapsed={false}
              onNavigate={onNavigate}
            />
            {firm && firm.sharedMailboxes.length > 0 ? (
              <>
                <p
                  className="truncate px-2 pt-2.5 pb-1 text-[11px] font-medium tracking-wide text-muted uppercase"
                  title={firm.name}
                >
                  Shared · {firm.name}
                </p>
                {firm.sharedMailboxes.map((mailbox) => (
                  <NavRow
                    key={mailbox.integrationId}
                    item={{
                      label: mailbox.emailAddress,
                      to: `/triage/shared/${mailbox.integrationId}`,
                      icon: SHARED_MAILBOX_ICON,
                    }}
                    count={counts?.shared?.[mailbox.integrationId] ?? 0}
                    isCollapsed={false}
                    onNavigate={onNavigate}
                  />
                ))}
              </>
            ) : null}
          </div>
        ) : null}
        {MAIN_ITEMS.map((item) => (
          <NavRow key={item.to} item={item} count={0} isCollapsed={isCollapsed} onNavigate={onNavigate} />
        ))}
        {isCollapsed ? null : (
          <div className="mt-3">
            <button
              type="button"
              aria-expanded={openSection === 'recent'}
              onClick={() => setOpenSection(openSection === 'recent' ? null : 'recent')}
              className="flex h-8 w-full items-center gap-2 rounded-md px-2 text-muted hover:bg-hover hover:text-fg"
            >
              <History className="size-4" />
              <span className="flex-1 text-left font-medium">Recently Viewed</span>
              <ChevronDown
                className={cn('size-3.5 transition-transform', openSection !== 'recent' && '-rotate-90')}
              />
            </button>
            {openSection === 'recent' ? (
              <ul className="ml-3 border-l border-border pl-2">
                {RECENTLY_VIEWED.map((entry) => (
                  <li key={entry.to}>
                    <NavLink
                      to={entry.to}
                      onClick={onNavigate}
                      className="block truncate rounded-md px-2 py-1.5 text-muted hover:bg-hover hover:text-fg"
                    >
                      {entry.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </div>

      <div className="border-t border-border px-2 py-2">
        <NavRow
          item={{ label: 'Email Integration', to: '/integrations/email', icon: Mail }}
          count={0}
          isCollapsed={isCollapsed}
          onNavigate={onNavigate}
        />
        <NavRow item={FIRM_ITEM} count={0} isCollapsed={isCollapsed} onNavigate={onNavigate} />
        <NavRow
          item={{ label: 'Settings', to: '/settings', icon: Settings }}
          count={0}
          isCollapsed={isCollapsed}
          onNavigate={onNavigate}
        />
        <RowButton
          label="Sign Out"
          icon={<LogOut className="size-4" />}
          isCollapsed={isCollapsed}
          onClick={() => void handleSignOut()}
        />
      </div>
    </nav>
  );
}

function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ml-auto rounded-full bg-accent-soft px-1.5 text-[11px] leading-5 font-semibold text-accent tabular-nums">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function NavRow({
  item,
  count,
  isCollapsed,
  onNavigate,
}: {
  item: NavItem;
  count: number;
  isCollapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const link = (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      aria-label={isCollapsed ? item.label : undefined}
      className={({ isActive }) =>
        cn(
          'relative flex h-8 items-center gap-2 rounded-md px-2 text-muted hover:bg-hover hover:text-fg',
          isActive && 'bg-hover font-medium text-fg',
          isCollapsed && 'justify-center px-0',
        )
      }
    >
      <Icon className="size-4 shrink-0" />
      {isCollapsed ? (
        count > 0 ? (
          <span className="absolute top-1 right-1 size-1.5 rounded-full bg-accent" />
        ) : null
      ) : (
        <>
          <span className="flex-1 truncate">{item.label}</span>
          <CountBadge count={count} />
        </>
      )}
    </NavLink>
  );
  return isCollapsed ? <Tooltip content={item.label}>{link}</Tooltip> : link;
}

function RowButton({
  label,
  icon,
  isCollapsed,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  isCollapsed: boolean;
  onClick: () => void;
}) {
  const button = (
    <button
      type="button"
      onClick={onClick}
      aria-label={isCollapsed ? label : undefined}
      className={cn(
        'flex h-8 w-full items-center gap-2 rounded-md px-2 text-muted hover:bg-hover hover:text-fg',
        isCollapsed && 'justify-center px-0',
      )}
    >
      {icon}
      {isCollapsed ? null : <span className="truncate">{label}</span>}
    </button>
  );
  return isCollapsed ? <Tooltip content={label}>{button}</Tooltip> : button;
}

function SectionHeader(props: {
  label: string;
  icon: ReactNode;
  to: string;
  isActive: boolean;
  count: number;
  isOpen: boolean;
  onToggle: () => void;
  isCollapsed: boolean;
  onNavigate?: () => void;
}) {
  if (props.isCollapsed) {
    return (
      <Tooltip content={props.label}>
        <NavLink
          to={props.to}
          aria-label={props.label}
          onClick={props.onNavigate}
          className={cn(
            'relative flex h-8 items-center justify-center rounded-md text-muted hover:bg-hover',
            props.isActive && 'bg-hover text-fg',
          )}
        >
          {props.icon}
          {props.count > 0 ? (
            <span className="absolute top-1 right-1 size-1.5 rounded-full bg-accent" />
          ) : null}
        </NavLink>
      </Tooltip>
    );
  }
  return (
    <div
      className={cn(
        'flex h-8 items-center rounded-md text-muted hover:bg-hover hover:text-fg',
        props.isActive && 'bg-hover font-medium text-fg',
      )}
    >
      <NavLink
        to={props.to}
        onClick={props.onNavigate}
        className="flex h-full flex-1 items-center gap-2 px-2"
      >
        {props.icon}
        <span className="flex-1 truncate">{props.label}</span>
        <CountBadge count={props.count} />
      </NavLink>
      <button
        type="button"
        onClick={props.onToggle}
        aria-expanded={props.isOpen}
        aria-label={`${props.isOpen ? 'Collapse' : 'Expand'} ${props.label}`}
        className="mr-0.5 flex size-7 items-center justify-center rounded hover:bg-surface"
      >
        <ChevronDown className={cn('size-3.5 transition-transform', !props.isOpen && '-rotate-90')} />
      </button>
    </div>
  );
}
