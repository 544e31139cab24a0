// The body of the Enhanced Reset dialog (spec §2): the info cards, the previous-reset card, the folder
// checklist, the features card and the last-chance warning. Numbers come from the §9 constants.
import { RESET_DAYS_BACK, RESET_MAX_EMAILS } from '../constants';
import type { ResetScope } from '../entities';
import { FOLDER_STATUS_MAPPING, RESET_SCOPE_FOLDERS } from './folder-mapping';

export type ResetInfoCard = { title: string; points: readonly string[] };

export const RESET_INFO_CARDS: readonly ResetInfoCard[] = [
  {
    title: 'Database changes',
    points: [
      'Triage items of the selected folders are deleted',
      'Statuses (Later, Low Priority, Cleared...) are reset',
      'Read states are refreshed from the mailbox',
    ],
  },
  {
    title: 'Sync state changes',
    points: ['Delta tokens are cleared', 'A new baseline date is set', 'Error counts are reset'],
  },
  {
    title: 'Data scope',
    points: [
      `Last ${RESET_DAYS_BACK} days only`,
      `At most ${RESET_MAX_EMAILS.toLocaleString('en-US')} emails`,
      'Selected folders only',
    ],
  },
  {
    title: 'System updates',
    points: [
      'Reset date, scope and item count are recorded',
      'Notification sources are refreshed',
      'Triage lists reload when the reset finishes',
    ],
  },
];

export const PREVIOUS_RESET_TITLE = 'Previous reset';
export const NO_PREVIOUS_RESET = 'No reset has been run for these mailboxes yet.';
export const RESET_FOLDERS_TITLE = 'Folders to reset';
export const RESET_FEATURES_TITLE = 'What the rebuild does';
export const RESET_FEATURES: readonly string[] = [
  'Each folder is rebuilt in one transaction: it ends either as it was or fully rebuilt, never half-empty',
  'Messages keep their provider ids, so nothing is duplicated',
  'Incremental sync resumes from the new baseline afterwards',
];
export const RESET_LAST_CHANCE =
  'Last chance: your triage organisation for the selected folders will be lost. Choose Cancel to keep your current data.';
export const RESET_RUNNING_TEXT =
  'Resetting and rebuilding from your mailbox... Please keep this window open.';

/** A folder of the checklist: its scope key, the provider folder name and the triage status it maps to. */
export type ResetFolderOption = { key: keyof ResetScope; folder: string; status: string };

export const RESET_FOLDER_OPTIONS: readonly ResetFolderOption[] = (
  Object.keys(RESET_SCOPE_FOLDERS) as (keyof ResetScope)[]
).map((key) => {
  const folder = RESET_SCOPE_FOLDERS[key];
  return { key, folder, status: FOLDER_STATUS_MAPPING[folder] };
});

/** "Inbox, Sent Items" for a recorded reset scope, or "None recorded". */
export function resetScopeLabel(scope: ResetScope | null | undefined): string {
  if (!scope) return 'None recorded';
  const folders = RESET_FOLDER_OPTIONS.filter((option) => scope[option.key]).map((option) => option.folder);
  return folders.length > 0 ? folders.join(', ') : 'None recorded';
}
