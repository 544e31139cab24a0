/**
 * The Gmail stream's cursor as stored in metadata.history_id: a bare history id between runs, or the
 * position inside an unfinished run (a full listing or a history walk) so a killed sync resumes there.
 */
export type GmailCursor =
  | { mode: 'history'; historyId: string; pageToken?: string }
  | { mode: 'full'; historyId: string; pageToken: string };

/** Reads a stored cursor; null (start a full listing) for an empty or unreadable value. */
export function parseGmailCursor(value: string | null | undefined): GmailCursor | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return { mode: 'history', historyId: value };
  const match = /^(full|history):(\d+):(.+)$/.exec(value);
  if (!match?.[2] || !match[3]) return null;
  return match[1] === 'full'
    ? { mode: 'full', historyId: match[2], pageToken: match[3] }
    : { mode: 'history', historyId: match[2], pageToken: match[3] };
}

/** The stored form of a cursor. */
export function formatGmailCursor(cursor: GmailCursor): string {
  if (cursor.mode === 'history' && !cursor.pageToken) return cursor.historyId;
  return `${cursor.mode}:${cursor.historyId}:${cursor.pageToken}`;
}
