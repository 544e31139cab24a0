import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { RefObject } from 'react';
import { toast } from '../../../lib/toast';
import { undoLatest } from '../actions/undo-offer';
import type { ThreadCommand, useTriageCommands } from '../use-triage-commands';
import type { useCheckedThreads } from './use-checked-threads';
import { useTriagePaletteCommands } from './use-palette-commands';
import type { useThreadNavigation } from './use-thread-navigation';
import { useTriageShortcuts } from './use-triage-shortcuts';

type PageShortcutsInput = {
  nav: ReturnType<typeof useThreadNavigation>;
  checked: ReturnType<typeof useCheckedThreads>;
  commands: ReturnType<typeof useTriageCommands>;
  openAt: (index: number) => void;
  checkedGroups: () => ThreadGroupDto[];
  searchRef: RefObject<HTMLInputElement | null>;
  onCompose: () => void;
  onHelp: () => void;
  /** Opens "Snooze until…" for the ticked threads, else the cursor's (or the open) one. */
  onSnooze: (groups: ThreadGroupDto[]) => void;
};

/**
 * The triage page's keyboard: actions go to the ticked threads when there are any, else to the cursor's
 * thread (or the open one); replies go to the open thread.
 */
export function usePageShortcuts({
  nav,
  checked,
  commands,
  openAt,
  checkedGroups,
  ...rest
}: PageShortcutsInput) {
  const act = (command: ThreadCommand) => {
    if (checked.checked.size > 0) {
      commands.runOnGroups(checkedGroups(), command, 'bulk');
      checked.clear();
      return;
    }
    const target = nav.getCursorGroup() ?? nav.openGroup;
    if (target) commands.runOnGroup(target, command);
  };
  const reply = (mode: 'reply' | 'replyAll') => {
    const target = nav.openGroup ?? nav.getCursorGroup();
    if (target) commands.replyToGroup(target, mode);
  };

  const handlers = {
    next: () => nav.move(1),
    previous: () => nav.move(-1),
    open: () => openAt(nav.getActiveIndex()),
    clear: () => act('clear'),
    later: () => act('later'),
    lowPriority: () => act('low_priority'),
    snooze: () => {
      const target = nav.getCursorGroup() ?? nav.openGroup;
      const groups = checked.checked.size > 0 ? checkedGroups() : target ? [target] : [];
      rest.onSnooze(groups);
    },
    undo: () => {
      if (!undoLatest())
        toast.info('Nothing to undo', { description: 'The last action can no longer be undone here.' });
    },
    toggleRead: () => act('toggle_read'),
    reply: () => reply('reply'),
    replyAll: () => reply('replyAll'),
    compose: rest.onCompose,
    search: () => rest.searchRef.current?.focus(),
    select: () => {
      const cursor = nav.getCursorGroup();
      if (cursor) checked.toggle(cursor.id);
    },
    close: () => {
      if (nav.openGroupId) nav.setOpenGroupId(null);
      else if (checked.checked.size > 0) checked.clear();
    },
    help: rest.onHelp,
  };
  useTriageShortcuts(handlers);
  useTriagePaletteCommands(handlers);
}
