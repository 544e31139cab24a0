import { senderAddressKey } from '@ledgerdesk/domain/triage/automated-mail';
import type { Tx } from '../../db/with-user';
import type { NewRow } from '../../mail';
import { clientListOf, fileThread, upsertContact } from '../clients/clients-repository';

type Thread = { ownerId: string; mailboxId: string; threadKey: string };

/** Add to work: files the thread to the work item (filing it again changes nothing). */
export async function fileThreadToWork(tx: Tx, thread: Thread, workItemId: string, subject: string) {
  await fileThread(tx, { ...thread, workItemId, subject, filedBy: thread.ownerId });
}

/** Set client: the sender becomes a contact of the organisation, as "Set client…" on a thread does. */
export async function setSenderClient(tx: Tx, ownerId: string, organisationId: string, row: NewRow) {
  const email = senderAddressKey(row.fromAddress ?? '');
  if (!email.includes('@')) return;
  const list = await clientListOf(tx, ownerId);
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(row.fromAddress ?? '')?.[1]?.trim() || null;
  await upsertContact(tx, list, {
    organisationId,
    name,
    defaultName: email.split('@')[0] ?? email,
    email,
    createdBy: ownerId,
  });
}
