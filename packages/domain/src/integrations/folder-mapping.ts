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
