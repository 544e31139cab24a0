/** The triage keyboard shortcuts, shown in the `?` dialog, tooltips and menus. */
export const SHORTCUTS = {
  next: { keys: ['j', '↓'], label: 'Next thread' },
  previous: { keys: ['k', '↑'], label: 'Previous thread' },
  open: { keys: ['Enter'], label: 'Open thread' },
  clear: { keys: ['e'], label: 'Clear & Archive' },
  later: { keys: ['l'], label: 'Save to Later' },
  lowPriority: { keys: ['p'], label: 'Low Priority' },
  snooze: { keys: ['h'], label: 'Snooze until…' },
  undo: { keys: ['z'], label: 'Undo last action' },
  toggleRead: { keys: ['u'], label: 'Mark read / unread' },
  reply: { keys: ['r'], label: 'Reply' },
  replyAll: { keys: ['a'], label: 'Reply to All' },
  compose: { keys: ['c'], label: 'Compose' },
  search: { keys: ['/'], label: 'Search' },
  select: { keys: ['x'], label: 'Select thread' },
  close: { keys: ['Esc'], label: 'Close thread, dialog or search' },
  help: { keys: ['?'], label: 'Show keyboard shortcuts' },
} as const;

export type ShortcutId = keyof typeof SHORTCUTS;

/** The first key of a shortcut, for tooltips and menu hints. */
export function shortcutKey(id: ShortcutId): string {
  return SHORTCUTS[id].keys[0];
}
