import { useEffect, useRef } from 'react';

export type ShortcutAction =
  | 'next'
  | 'previous'
  | 'open'
  | 'clear'
  | 'later'
  | 'lowPriority'
  | 'snooze'
  | 'undo'
  | 'toggleRead'
  | 'reply'
  | 'replyAll'
  | 'compose'
  | 'search'
  | 'select'
  | 'close'
  | 'help';

const KEY_ACTIONS: Record<string, ShortcutAction> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Enter: 'open',
  e: 'clear',
  l: 'later',
  p: 'lowPriority',
  h: 'snooze',
  z: 'undo',
  u: 'toggleRead',
  r: 'reply',
  a: 'replyAll',
  c: 'compose',
  '/': 'search',
  x: 'select',
  Escape: 'close',
  '?': 'help',
};

/** Fields the user types in. A checkbox is not one: after clicking a row's box, `e` clears the selection. */
const TYPING_FIELDS =
  'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="reset"]), textarea, select, [contenteditable="true"]';

/** Whether the key goes to something the user is typing in or a widget that uses the key itself. */
export function isOwnedByTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest(TYPING_FIELDS)) return true;
  // Open dialogs and menus handle their own keys (Escape included).
  if (target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return true;
  const isArrow = key.startsWith('Arrow');
  if (
    isArrow &&
    target.closest(
      '[role="group"], [role="radiogroup"], [role="toolbar"], [data-separator], input[type="radio"]',
    )
  )
    return true;
  // Enter already activates a focused button or link; on a list row it opens the cursor's thread (the
  // shortcut), which is the same row unless focus has not caught up with a fast j/k yet.
  if (key === 'Enter' && !target.hasAttribute('data-row-index')) {
    if (target.closest('button, a, input, [role="button"], [role="checkbox"]')) return true;
  }
  return false;
}

/**
 * Triage keyboard shortcuts on the window. They never fire while typing in a field, inside a dialog or
 * menu, or with Ctrl, Meta or Alt held.
 */
export function useTriageShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>, isEnabled = true) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
        return;
      const action = KEY_ACTIONS[event.key];
      if (!action || isOwnedByTarget(event.target, event.key)) return;
      if (document.querySelector('[role="dialog"][data-state="open"], [role="menu"][data-state="open"]'))
        return;
      const handler = latest.current[action];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isEnabled]);
}
