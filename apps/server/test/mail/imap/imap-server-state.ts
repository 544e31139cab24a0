import type { DovecotServer } from '@ledgerdesk/test-support/dovecot';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { ImapBox } from './imap-fixtures';

export type ServerMessage = {
  /** Without angle brackets. */
  messageId: string | null;
  subject: string;
  seen: boolean;
  deleted: boolean;
  /** As written, with angle brackets. */
  inReplyTo: string | null;
  references: string[];
  text: string;
};

/** What the server itself holds in one folder of the box (read as another mail client would), oldest first. */
export async function readFolder(
  server: DovecotServer,
  box: ImapBox,
  path: string,
  password = box.password,
): Promise<ServerMessage[]> {
  const client = new ImapFlow({
    host: server.host,
    port: server.imapsPort,
    secure: true,
    tls: { ca: server.ca },
    auth: { user: box.address, pass: password },
    logger: false,
  });
  await client.connect();
  try {
    const mailbox = await client.mailboxOpen(path, { readOnly: true });
    if (mailbox.exists === 0) return [];
    const rows = await client.fetchAll('1:*', { uid: true, flags: true, source: true });
    rows.sort((a, b) => a.uid - b.uid);
    return Promise.all(
      rows.map(async (row) => {
        const parsed = await simpleParser(row.source ?? Buffer.alloc(0));
        const references = parsed.references ?? [];
        return {
          messageId: parsed.messageId?.replace(/^<|>$/g, '') ?? null,
          subject: parsed.subject ?? '',
          seen: row.flags?.has('\\Seen') ?? false,
          deleted: row.flags?.has('\\Deleted') ?? false,
          inReplyTo: parsed.inReplyTo ?? null,
          references: Array.isArray(references) ? references : [references],
          text: parsed.text ?? '',
        };
      }),
    );
  } finally {
    await client.logout().catch(() => client.close());
  }
}
