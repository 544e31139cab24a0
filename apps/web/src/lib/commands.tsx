import {
  createContext,
  type DependencyList,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** One entry of the command palette. Features register theirs with `useRegisterCommands`. */
export type Command = {
  /** Stable across renders and releases: recent commands are remembered by id. */
  id: string;
  label: string;
  group: CommandGroup;
  /** The keys that do the same thing outside the palette, as shown in the `?` overlay. */
  shortcut?: readonly string[];
  /** Other words the command answers to in the palette's search. */
  keywords?: readonly string[];
  run: () => void;
};

/** The palette's sections, in the order they are shown (recent commands come before all of them). */
export const COMMAND_GROUPS = ['Selection', 'Triage', 'Views', 'Go to', 'Mail accounts', 'General'] as const;
export type CommandGroup = (typeof COMMAND_GROUPS)[number];

/** Every command registered by the mounted screens, by the component that registered it. */
class CommandRegistry {
  private readonly entries = new Map<string, readonly Command[]>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly Command[] = [];

  set(owner: string, commands: readonly Command[]) {
    this.entries.set(owner, commands);
    this.publish();
  }

  remove(owner: string) {
    if (this.entries.delete(owner)) this.publish();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private publish() {
    // A later registration of the same id (a screen's own "Compose") replaces an earlier one.
    const byId = new Map<string, Command>();
    for (const commands of this.entries.values())
      for (const command of commands) byId.set(command.id, command);
    this.snapshot = [...byId.values()];
    for (const listener of this.listeners) listener();
  }
}

const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

type PaletteState = {
  registry: CommandRegistry;
  isOpen: boolean;
  hasOpened: boolean;
  setIsOpen: (isOpen: boolean) => void;
};

const CommandsContext = createContext<PaletteState | null>(null);

function useCommandsContext(): PaletteState {
  const context = useContext(CommandsContext);
  if (!context) throw new Error('useCommandsContext needs a CommandsProvider');
  return context;
}

/** Holds the registered commands and the palette's open state. */
export function CommandsProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new CommandRegistry());
  const [isOpen, setIsOpenState] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const setIsOpen = useCallback((open: boolean) => {
    setIsOpenState(open);
    if (open) setHasOpened(true);
  }, []);

  const value = useMemo(
    () => ({ registry, isOpen, hasOpened, setIsOpen }),
    [registry, isOpen, hasOpened, setIsOpen],
  );
  return <CommandsContext.Provider value={value}>{children}</CommandsContext.Provider>;
}

/**
 * Puts `commands` in the palette while the calling component is mounted. Like `useMemo`, the list is taken
 * again only when `deps` change, so keep `run` stable (read the latest handlers through a ref).
 */
export function useRegisterCommands(commands: readonly Command[], deps: DependencyList) {
  const { registry } = useCommandsContext();
  const owner = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for `commands`.
  useEffect(() => registry.set(owner, commands), [registry, owner, ...deps]);
  useEffect(() => () => registry.remove(owner), [registry, owner]);
}

/** The commands registered right now. */
export function useCommands(): readonly Command[] {
  const { registry } = useCommandsContext();
  return useSyncExternalStore(registry.subscribe, registry.getSnapshot);
}

/** Whether the palette is open (and has ever been, so it is loaded only on first use), and its setter. */
export function useCommandPalette() {
  const { isOpen, hasOpened, setIsOpen } = useCommandsContext();
  return { isOpen, hasOpened, setIsOpen };
}

/** Ctrl+K / Cmd+K toggles the palette; mounted by the signed-in layout. */
export function usePaletteShortcut() {
  const { isOpen, setIsOpen } = useCommandsContext();
  const isOpenRef = useRef(isOpen);
  isOpenRef.current = isOpen;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      if (event.isComposing) return;
      event.preventDefault();
      const isOpening = !isOpenRef.current;
      // Another dialog (compose, a confirmation, the mobile drawer) keeps the keyboard until it closes.
      if (isOpening && document.querySelector(OPEN_DIALOG)) return;
      setIsOpen(isOpening);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [setIsOpen]);
}
