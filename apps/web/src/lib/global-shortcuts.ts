const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Ctrl on Windows and Linux, ⌘ on Apple devices. */
export const MOD_KEY = isApple ? '⌘' : 'Ctrl';

/** Shortcuts that work on every signed-in screen, listed in the `?` overlay beside the triage ones. */
export const GLOBAL_SHORTCUTS = {
  palette: { keys: [`${MOD_KEY} K`], label: 'Open command palette' },
  sidebar: { keys: [`${MOD_KEY} B`], label: 'Toggle sidebar' },
} as const;
