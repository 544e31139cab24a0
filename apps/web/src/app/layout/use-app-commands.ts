import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { Command } from '../../lib/commands';
import { useRegisterCommands } from '../../lib/commands';
import { GLOBAL_SHORTCUTS } from '../../lib/global-shortcuts';
import { DRAFTS_ITEM, MAILBOX_ITEMS, MAIN_ITEMS } from './nav-items';
import { useSignOut } from './use-sign-out';

const VIEWS = [{ label: 'Inbox', to: '/triage/personal/inbox' }, ...MAILBOX_ITEMS, DRAFTS_ITEM];
const SCREENS = [
  ...MAIN_ITEMS,
  { label: 'Profile', to: '/profile' },
  { label: 'Templates', to: '/profile?tab=templates' },
  { label: 'Rules', to: '/rules' },
  { label: 'Email Integration', to: '/integrations/email' },
  { label: 'Settings', to: '/settings' },
];

/** The palette's commands for every signed-in screen: the triage views, the other screens, the shell. */
export function useAppCommands(onToggleSidebar: () => void) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const commands = useMemo<Command[]>(() => {
    const goTo = (group: 'Views' | 'Go to') => (item: { label: string; to: string }) => ({
      id: `go:${item.to}`,
      label: `Go to ${item.label}`,
      group,
      keywords: [item.label],
      run: () => void navigate(item.to),
    });
    return [
      ...VIEWS.map(goTo('Views')),
      ...SCREENS.map(goTo('Go to')),
      {
        id: 'shell:toggle-sidebar',
        label: GLOBAL_SHORTCUTS.sidebar.label,
        group: 'General',
        shortcut: GLOBAL_SHORTCUTS.sidebar.keys,
        keywords: ['navigation', 'collapse', 'expand'],
        run: onToggleSidebar,
      },
      {
        id: 'shell:sign-out',
        label: 'Sign Out',
        group: 'General',
        keywords: ['log out'],
        run: () => void signOut(),
      },
    ];
  }, [navigate, onToggleSidebar, signOut]);
  useRegisterCommands(commands, [commands]);
}
