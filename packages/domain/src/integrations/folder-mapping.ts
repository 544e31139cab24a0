import type { ResetScope, TriageStatus } from '../entities';

/** Provider folder → triage status (spec §2 Enhanced Reset). */
export const FOLDER_STATUS_MAPPING = {
  Inbox: 'inbox',
  'Sent Items': 'sent',
  Archive: 'cleared',
} as const satisfies Record<string, TriageStatus>;

export type ProviderFolderName = keyof typeof FOLDER_STATUS_MAPPING;

/** Reset scope key → provider folder name. */
export const RESET_SCOPE_FOLDERS: Record<keyof ResetScope, ProviderFolderName> = {
  inbox: 'Inbox',
  sent: 'Sent Items',
  archive: 'Archive',
};

/** The folder a sync stream reads (spec §3: Inbox, Sent Items, Archive), by reset scope key. */
export type SyncFolder = keyof ResetScope;

/** Sync folder → the status its items get (spec §2): Inbox → inbox, Sent Items → sent, Archive → cleared. */
export const SYNC_FOLDER_STATUS: Record<SyncFolder, TriageStatus> = {
  inbox: FOLDER_STATUS_MAPPING[RESET_SCOPE_FOLDERS.inbox],
  sent: FOLDER_STATUS_MAPPING[RESET_SCOPE_FOLDERS.sent],
  archive: FOLDER_STATUS_MAPPING[RESET_SCOPE_FOLDERS.archive],
};
