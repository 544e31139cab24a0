import type { RuleEffects, RuleThread } from '@ledgerdesk/domain/rules/rule-effects';
import { senderAddressKey } from '@ledgerdesk/domain/triage/automated-mail';
import type { Tx } from '../../db/with-user';
import {
  clientListOf,
  contactOrganisationOf,
  fileThread,
  listWorkItemIdsOfThread,
  revertContact,
  unfileThread,
  upsertContact,
} from '../clients';

/** Add to work: files the thread to the work items; answers those it was not filed to before (Undo's part). */
export async function fileThreadToWork(
  tx: Tx,
  thread: RuleThread,
  workItemIds: readonly string[],
  subject: string,
): Promise<string[]> {
  if (workItemIds.length === 0) return [];
  const before = new Set(await listWorkItemIdsOfThread(tx, thread));
  for (const workItemId of workItemIds)
    await fileThread(tx, { ...thread, workItemId, subject, filedBy: thread.ownerId });
  return workItemIds.filter((id) => !before.has(id));
}

/**
 * Set client: the sender becomes a contact of the organisation, as "Set client…" on a thread does. Answers the
 * contact's organisation before (Undo's part), or null when there is no sender address.
 */
export async function setSenderClient(
  tx: Tx,
  ownerId: string,
  organisationId: string,
  fromAddress: string | null,
): Promise<RuleEffects['client'] | null> {
  const email = senderAddressKey(fromAddress ?? '');
  if (!email.includes('@')) return null;
  const list = await clientListOf(tx, ownerId);
  const before = await contactOrganisationOf(tx, list, email);
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(fromAddress ?? '')?.[1]?.trim() || null;
  await upsertContact(tx, list, {
    organisationId,
    name,
    defaultName: email.split('@')[0] ?? email,
    email,
    createdBy: ownerId,
  });
  if (before === organisationId) return null;
  return { email, organisationId, previousOrganisationId: before ?? null, isNew: before === undefined };
}

/** Undo of Set client and Add to work: the contact back where it was, the thread off the work items. */
export async function unlinkThread(tx: Tx, effects: RuleEffects): Promise<void> {
  for (const workItemId of effects.workItemIds ?? [])
    await unfileThread(tx, { ...effects.thread, workItemId });
  if (effects.client) {
    const list = await clientListOf(tx, effects.thread.ownerId);
    await revertContact(tx, list, {
      email: effects.client.email,
      organisationId: effects.client.organisationId,
      previous: effects.client.isNew ? undefined : effects.client.previousOrganisationId,
    });
  }
}
