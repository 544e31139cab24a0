import type { ImapFlow } from 'imapflow';
import { MailError } from '../../core/errors';
import { ProviderError } from '../../core/transport/provider-error';

/** Where a moved message landed, when the server said (COPYUID of UIDPLUS). */
export type MovedUid = { uidValidity: bigint; uid: number } | null;

/**
 * Moves one message of the open (writable) mailbox to `destination`: MOVE where the server offers it, else COPY,
 * `\Deleted` and UID EXPUNGE of that UID alone (UIDPLUS). A server with neither gets a plain EXPUNGE only when no
 * other message of the folder is flagged `\Deleted` (another client's deletions are never expunged by us);
 * otherwise the move is refused before anything is copied (decision 023).
 */
export async function moveUid(client: ImapFlow, uid: number, destination: string): Promise<MovedUid> {
  const range = String(uid);
  if (client.capabilities.has('MOVE')) {
    const moved = await client.messageMove(range, destination, { uid: true });
    if (!moved) throw refused(client, destination);
    return landed(moved.uidValidity, moved.uidMap?.get(uid));
  }
  const hasUidPlus = client.capabilities.has('UIDPLUS');
  if (!hasUidPlus) await refuseIfOthersDeleted(client, uid);
  const copied = await client.messageCopy(range, destination, { uid: true });
  if (!copied) throw refused(client, destination);
  // With UIDPLUS imapflow flags the UID and sends `UID EXPUNGE <uid>`; without it, the check above made sure
  // the plain EXPUNGE it sends removes only this message.
  if (!(await client.messageDelete(range, { uid: true }))) {
    throw new ProviderError(
      'unknown',
      `The IMAP server copied the message to ${destination} but did not remove it from ${client.mailbox ? client.mailbox.path : 'its folder'}.`,
    );
  }
  return landed(copied.uidValidity, copied.uidMap?.get(uid));
}

function landed(uidValidity: bigint | undefined, uid: number | undefined): MovedUid {
  return uidValidity !== undefined && uid !== undefined ? { uidValidity, uid } : null;
}

function refused(client: ImapFlow, destination: string): ProviderError {
  const from = client.mailbox ? client.mailbox.path : 'its folder';
  return new ProviderError(
    'unknown',
    `The IMAP server refused to move the message from ${from} to ${destination}.`,
  );
}

async function refuseIfOthersDeleted(client: ImapFlow, uid: number): Promise<void> {
  const deleted = (await client.search({ deleted: true }, { uid: true })) || [];
  if (deleted.some((other) => other !== uid)) {
    throw new MailError(
      'invalid_state',
      'The IMAP server offers neither MOVE nor UIDPLUS, and other messages of the folder are marked deleted: moving this one would remove them too.',
    );
  }
}
