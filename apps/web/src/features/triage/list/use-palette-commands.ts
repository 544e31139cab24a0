import { useMemo, useRef } from 'react';
import { type Command, useRegisterCommands } from '../../../lib/commands';
import { SHORTCUTS, type ShortcutId } from '../utils/shortcuts';

// Shortcuts that are not actions on the selection; every other one (clear, later, a future snooze…) acts on
// the ticked threads, else the cursor's or the open thread, and is listed under "Selection".
const TRIAGE_GROUP: ReadonlySet<ShortcutId> = new Set([
  'compose',
  'search',
  'next',
  'previous',
  'close',
  'help',
  'undo',
]);

const KEYWORDS: Partial<Record<ShortcutId, readonly string[]>> = {
  clear: ['archive', 'done'],
  toggleRead: ['unread', 'read'],
  compose: ['new email', 'write', 'send'],
  help: ['keyboard', 'shortcuts'],
  undo: ['revert', 'take back'],
};

/**
 * Every triage shortcut as a palette command, running the same handler as its key. A shortcut added to
 * `SHORTCUTS` with a handler in the page's shortcut map shows in the palette with no other change.
 */
export function useTriagePaletteCommands(handlers: Partial<Record<ShortcutId, () => void>>) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const ids = (Object.keys(SHORTCUTS) as ShortcutId[]).filter((id) => handlers[id] != null);
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `ids`; handlers are read at run time.
  const commands = useMemo<Command[]>(
    () =>
      ids.map((id) => ({
        id: `triage:${id}`,
        label: SHORTCUTS[id].label,
        group: TRIAGE_GROUP.has(id) ? 'Triage' : 'Selection',
        shortcut: SHORTCUTS[id].keys,
        keywords: KEYWORDS[id],
        run: () => latest.current[id]?.(),
      })),
    [key],
  );
  useRegisterCommands(commands, [commands]);
}
