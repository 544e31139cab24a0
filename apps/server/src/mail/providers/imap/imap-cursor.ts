import type { KnownMessage } from './imap-window-record';

/** What a folder looked like when a cursor was taken; the next incremental read compares against it. */
export type FolderSnapshot = {
  uidNext: number;
  /** HIGHESTMODSEQ (CONDSTORE), as a decimal string; null where the server has none. */
  modseq: string | null;
  /** Messages in the folder (all of it, not only the window): fewer than expected means some were expunged. */
  exists: number;
  /**
   * flagsDigest where the server has no CONDSTORE, in a cursor made before the window record (decision 039);
   * null otherwise.
   */
  digest: string | null;
};

/**
 * The window's messages as listed and synced (decision 039): an expunge, or a flag change where the server has
 * no CONDSTORE, is answered by comparing it with the folder. Absent from a cursor made before it: that cursor
 * expires at its first expunge, as it used to, and the listing that follows makes the record.
 */
type WindowRecord = { known?: KnownMessage[] };

/**
 * A folder stream's cursor: a listing under way (UIDs below `below` still to list, newest first), or the
 * incremental state. Bound to the folder's UIDVALIDITY: another one expires it (the folder is listed again).
 */
export type ImapCursor =
  | ({ v: 1; uidValidity: string; mode: 'listing'; below: number; snapshot: FolderSnapshot } & WindowRecord)
  | ({ v: 1; uidValidity: string; mode: 'sync' } & FolderSnapshot & WindowRecord);

/** The cursor of a folder the server does not have (no Archive): nothing to read until it appears. */
export const NO_FOLDER_CURSOR = 'imap:no-folder';

export function formatCursor(cursor: ImapCursor): string {
  return `imap:${JSON.stringify(cursor)}`;
}

/** The cursor, or null for one this adapter cannot read (another provider's, a folder that appeared since). */
export function parseCursor(text: string): ImapCursor | null {
  if (!text.startsWith('imap:{')) return null;
  try {
    const cursor = JSON.parse(text.slice('imap:'.length)) as ImapCursor;
    return cursor.v === 1 && typeof cursor.uidValidity === 'string' ? cursor : null;
  } catch {
    return null;
  }
}
