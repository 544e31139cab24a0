import type { SyncFolder } from './folder-mapping';

/** Integration metadata key of each Office 365 folder's delta cursor (spec §3). */
export const GRAPH_CURSOR_KEYS = {
  inbox: 'delta_token_inbox',
  sent: 'delta_token_sent',
  archive: 'delta_token_archive',
} as const satisfies Record<SyncFolder, string>;

/** Integration metadata key of a Gmail mailbox's history cursor. */
export const GMAIL_CURSOR_KEY = 'history_id';

/** Every metadata key that holds a sync cursor. */
export type SyncCursorKey = (typeof GRAPH_CURSOR_KEYS)[SyncFolder] | typeof GMAIL_CURSOR_KEY;

/** Every cursor key, for clearing them all (a full resync starts every stream from scratch). */
export const SYNC_CURSOR_KEYS: readonly SyncCursorKey[] = [
  ...Object.values(GRAPH_CURSOR_KEYS),
  GMAIL_CURSOR_KEY,
];
