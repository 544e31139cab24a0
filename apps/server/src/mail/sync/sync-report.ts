import { SYNC_FOLDER_STATUS, type SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';

export type { SyncFolder };

/** Counters of one sync run, as the spec §7 sync responses report them. */
export type SyncReport = {
  newEmails: number;
  updatedEmails: number;
  deletedEmails: number;
  duplicates: number;
  totalProcessed: number;
  criticalErrors: number;
  expectedErrors: number;
  foldersProcessed: Record<SyncFolder, number>;
  dateRange: { from: string; to: string };
  daysBack: number;
  /** Folders whose cursor the provider no longer honoured, so they were re-listed and reconciled. */
  resyncedFolders: SyncFolder[];
  errorMessage: string | null;
  /** Per-message errors (messages that could not be stored; the run went on), one line each, capped. */
  warnings: string[];
};

/** At most this many warnings are kept on one report. */
export const MAX_WARNINGS = 20;

/** Folder → triage status (spec §2), the domain's one mapping. */
export const FOLDER_STATUS = SYNC_FOLDER_STATUS;

/** An empty report for a run covering `daysBack` days up to `now`. */
export function emptySyncReport(daysBack: number, now: Date): SyncReport {
  return {
    newEmails: 0,
    updatedEmails: 0,
    deletedEmails: 0,
    duplicates: 0,
    totalProcessed: 0,
    criticalErrors: 0,
    expectedErrors: 0,
    foldersProcessed: { inbox: 0, sent: 0, archive: 0 },
    dateRange: { from: new Date(now.getTime() - daysBack * 86_400_000).toISOString(), to: now.toISOString() },
    daysBack,
    resyncedFolders: [],
    errorMessage: null,
    warnings: [],
  };
}
