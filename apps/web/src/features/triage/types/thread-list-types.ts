/** The list's row height: one line (40 px) or two with a preview (64 px). */
export type ListDensity = 'standard' | 'enhanced';

/** A request to move the list's keyboard focus to a row (`seq` makes a repeat of the same index count). */
export type FocusRequest = { index: number; seq: number } | null;

/** The scroll position a list keeps while its panes' layout unmounts and remounts it. */
export type KeptScroll = { groups: readonly unknown[]; top: number } | null;
