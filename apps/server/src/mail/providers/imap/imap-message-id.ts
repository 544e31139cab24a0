import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';

/**
 * A message's provider id: its folder and its Message-ID (`inbox|<id@host>`), so a folder listed again after a
 * UIDVALIDITY change gives the same ids (no duplicate items); a message without Message-ID is named by its UID
 * (`inbox|uid:<uidvalidity>:<uid>`). IMAP has no id that survives a move: a move gives the message its target
 * folder's id, which the outbox records (decision 023).
 */
export type ImapMessageRef =
  | { folder: SyncFolder; messageId: string }
  | { folder: SyncFolder; uidValidity: string; uid: number };

const FOLDERS: readonly SyncFolder[] = ['inbox', 'sent', 'archive'];

export function formatMessageRef(ref: ImapMessageRef): string {
  return 'messageId' in ref
    ? `${ref.folder}|<${ref.messageId}>`
    : `${ref.folder}|uid:${ref.uidValidity}:${ref.uid}`;
}

/** The reference named by a provider id, or null for an id this adapter never made. */
export function parseMessageRef(id: string): ImapMessageRef | null {
  const bar = id.indexOf('|');
  const folder = id.slice(0, bar) as SyncFolder;
  if (bar < 0 || !FOLDERS.includes(folder)) return null;
  const rest = id.slice(bar + 1);
  if (rest.startsWith('<') && rest.endsWith('>') && rest.length > 2)
    return { folder, messageId: rest.slice(1, -1) };
  const match = /^uid:(\d+):(\d+)$/.exec(rest);
  return match ? { folder, uidValidity: match[1] ?? '', uid: Number(match[2]) } : null;
}
