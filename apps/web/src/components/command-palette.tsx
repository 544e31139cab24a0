import { rankCommands } from '@ledgerdesk/domain/shell/command-search';
import { Search } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { COMMAND_GROUPS, type Command, useCommandPalette, useCommands } from '../lib/commands';
import { readRecentCommands, rememberRecentCommand } from '../lib/recent-commands';

export const NO_COMMANDS_MATCH = 'No commands match';

/**
 * The Ctrl+K palette: a modal dialog holding a combobox and its listbox (WAI-ARIA combobox pattern, focus
 * kept in the input, the active option named by aria-activedescendant). Focus goes back where it was on close,
 * and the chosen command runs after that, so a command that moves focus (search, compose) keeps it.
 */
export function CommandPalette() {
  const { isOpen, setIsOpen } = useCommandPalette();
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const chosen = useRef<Command | null>(null);

  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={setIsOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="command-palette"
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusTo.current;
            if (target?.isConnected) target.focus({ preventScroll: true });
            const command = chosen.current;
            chosen.current = null;
            if (command) window.setTimeout(command.run, 0);
          }}
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[70vh] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-2xl"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <PaletteBody
            onRun={(command) => {
              chosen.current = command;
              rememberRecentCommand(command.id);
              setIsOpen(false);
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

const ARIA_KEYS: Record<string, string> = {
  '↓': 'ArrowDown',
  '↑': 'ArrowUp',
  Esc: 'Escape',
  Ctrl: 'Control',
  '⌘': 'Meta',
};

/** Shown keys ("Ctrl K", "↓") in aria-keyshortcuts form ("Control+K ArrowDown"). */
function ariaKeyShortcuts(keys: readonly string[] | undefined): string | undefined {
  if (!keys) return undefined;
  return keys
    .map((key) =>
      key
        .split(' ')
        .map((part) => ARIA_KEYS[part] ?? part)
        .join('+'),
    )
    .join(' ');
}

/** The search box and the list; mounted per opening, so each opening starts empty. */
function PaletteBody({ onRun }: { onRun: (command: Command) => void }) {
  const commands = useCommands();
  const [query, setQuery] = useState('');
  const [recentIds] = useState(readRecentCommands);
  const sections = useMemo(
    () => rankCommands(commands, query, recentIds, COMMAND_GROUPS),
    [commands, query, recentIds],
  );
  const options = useMemo(() => sections.flatMap((section) => section.commands), [sections]);
  const [activeIndex, setActiveIndex] = useState(0);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const hasOptions = options.length > 0;
  const active = Math.min(activeIndex, options.length - 1);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      PageDown: Math.min(last, active + 8),
      PageUp: Math.max(0, active - 8),
    };
    const next = moves[event.key];
    if (next !== undefined && hasOptions) {
      event.preventDefault();
      setActiveIndex(next);
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const command = options[active];
      if (command) onRun(command);
    }
  };

  let index = -1;
  return (
    <>
      <div className="flex items-center gap-2 border-b border-border px-3 focus-within:shadow-[inset_0_-2px_0_var(--color-ring)]">
        <Search className="size-4 shrink-0 text-muted" aria-hidden />
        <input
          role="combobox"
          aria-label="Search commands"
          aria-expanded={hasOptions}
          aria-controls={hasOptions ? listboxId : undefined}
          aria-activedescendant={hasOptions ? optionId(active) : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          spellCheck={false}
          placeholder="Type a command or search…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          // The row's bottom ring shows focus; the global focus outline would be clipped by the dialog's edge
          // (and, unlayered, it beats any utility class).
          style={{ outline: 'none' }}
          className="h-12 min-w-0 flex-1 bg-transparent text-[15px] placeholder:text-muted"
        />
        <kbd className="hidden rounded border border-border bg-surface-2 px-1.5 font-mono text-[11px] text-muted sm:block">
          Esc
        </kbd>
      </div>
      {hasOptions ? (
        <div
          role="listbox"
          id={listboxId}
          aria-label="Commands"
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1.5"
        >
          {sections.map((section) => {
            const headingId = `${baseId}-${section.group.replace(/\W+/g, '-')}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group, not a fieldset.
              <div key={section.group} role="group" aria-labelledby={headingId} className="py-1">
                <div
                  id={headingId}
                  className="px-2.5 pt-1 pb-1 text-[11px] font-medium tracking-wide text-muted uppercase"
                >
                  {section.group}
                </div>
                {section.commands.map((command) => {
                  index += 1;
                  const position = index;
                  const isActive = position === active;
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the options from the combobox (aria-activedescendant).
                    <div
                      key={command.id}
                      id={optionId(position)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={isActive}
                      aria-keyshortcuts={ariaKeyShortcuts(command.shortcut)}
                      data-command-id={command.id}
                      onMouseMove={() => setActiveIndex(position)}
                      // Keep focus in the search box; the click runs the command.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => onRun(command)}
                      className={cn(
                        'flex h-9 cursor-default items-center gap-3 rounded-md px-2.5 text-[13px]',
                        isActive ? 'bg-accent-soft text-fg ring-1 ring-ring/60 ring-inset' : 'text-fg',
                      )}
                    >
                      <span className="min-w-0 flex-1 truncate">{command.label}</span>
                      {command.shortcut ? (
                        <span aria-hidden className="flex shrink-0 gap-1">
                          {command.shortcut.map((key) => (
                            <kbd
                              key={key}
                              className="min-w-5 rounded border border-border bg-surface-2 px-1.5 text-center font-mono text-[11px] text-muted"
                            >
                              {key}
                            </kbd>
                          ))}
                        </span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      ) : null}
      <p
        role="status"
        className={cn('px-4 text-[13px] text-muted', hasOptions ? 'sr-only' : 'py-8 text-center')}
      >
        {hasOptions
          ? `${options.length} ${options.length === 1 ? 'command' : 'commands'}`
          : NO_COMMANDS_MATCH}
      </p>
    </>
  );
}
