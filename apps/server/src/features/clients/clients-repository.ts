import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { workItemThreads } from '../../db/schema/clients';

/**
 * Every query of clients and work filing (decision 015): the client list (a firm's, or a user's outside a firm),
 * the addresses a thread is with, and threads filed to work items. Inside `withUser`: row-level security shows only
 * the user's list and threads.
 */

/** The client list a user writes to: their firm's when they are in one (`firmId`), else their own (`userId`). */
export type ClientList = { firmId: string; userId: null } | { firmId: null; userId: string };

const listKey = (list: ClientList) =>
  list.firmId ? sql`firm_id = ${list.firmId}::uuid` : sql`user_id = ${list.userId}`;

const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/** The client list of `userId`: their firm's when they are in one, else their own. */
export async function clientListOf(tx: DbOrTx, userId: string): Promise<ClientList> {
  const [row] = rowsOf<{ firm_id: string | null }>(
    await tx.execute(sql`select ledgerdesk_current_firm_id()::text as firm_id`),
  );
  return row?.firm_id ? { firmId: row.firm_id, userId: null } : { firmId: null, userId };
}

export type Organisation = { id: string; name: string };

/** The organisation of the list named `name` (any case), locked for the rest of the transaction; or null. */
export async function findOrganisationForUpdate(
  tx: DbOrTx,
  list: ClientList,
  name: string,
): Promise<Organisation | null> {
  const [row] = rowsOf<Organisation>(
    await tx.execute(sql`
      select id, name from client_organisations where ${listKey(list)} and lower(name) = lower(${name})
      for update`),
  );
  return row ?? null;
}

/** The organisations the caller's client list holds (row-level security: their firm's, else their own), by name. */
export async function listOrganisations(tx: DbOrTx): Promise<Organisation[]> {
  return rowsOf<Organisation>(
    await tx.execute(sql`select id::text, name from client_organisations order by lower(name), id`),
  );
}

export async function insertOrganisation(
  tx: DbOrTx,
  list: ClientList,
  organisation: { name: string; createdBy: string },
): Promise<Organisation | null> {
  const [row] = rowsOf<Organisation>(
    await tx.execute(sql`
      insert into client_organisations (firm_id, user_id, name, created_by)
      values (${list.firmId}::uuid, ${list.userId}, ${organisation.name}, ${organisation.createdBy})
      returning id, name`),
  );
  return row ?? null;
}

/** Gives `domain` to one organisation of the list, taking it from any other (a domain names one organisation). */
export async function claimDomain(
  tx: DbOrTx,
  list: ClientList,
  options: { organisationId: string; domain: string },
): Promise<void> {
  const { organisationId, domain } = options;
  await tx.execute(sql`
    update client_organisations set domains = array_remove(domains, ${domain})
    where ${listKey(list)} and id <> ${organisationId}::uuid and ${domain} = any(domains)`);
  await tx.execute(sql`
    update client_organisations set domains = array_append(domains, ${domain})
    where id = ${organisationId}::uuid and not (${domain} = any(domains))`);
}

/**
 * Adds a contact to the list, or moves the contact of that address to the organisation (renaming it when a name is
 * given); answers the contact's name.
 */
export async function upsertContact(
  tx: DbOrTx,
  list: ClientList,
  contact: {
    organisationId: string;
    name: string | null;
    defaultName: string;
    email: string;
    createdBy: string;
  },
): Promise<string | null> {
  const [row] = rowsOf<{ name: string }>(
    await tx.execute(sql`
      insert into client_contacts (firm_id, user_id, organisation_id, name, email, created_by)
      values (${list.firmId}::uuid, ${list.userId}, ${contact.organisationId}::uuid,
        ${contact.name ?? contact.defaultName}, ${contact.email}, ${contact.createdBy})
      on conflict (coalesce(firm_id::text, user_id), email) do update
        set organisation_id = excluded.organisation_id,
          name = coalesce(${contact.name}, client_contacts.name)
      returning name`),
  );
  return row?.name ?? null;
}

/** The organisation of the list's contact of `email` (undefined: no such contact; null: one without an organisation). */
export async function contactOrganisationOf(
  tx: DbOrTx,
  list: ClientList,
  email: string,
): Promise<string | null | undefined> {
  const [row] = rowsOf<{ organisation_id: string | null }>(
    await tx.execute(sql`select organisation_id::text from client_contacts
      where ${listKey(list)} and email = ${email}`),
  );
  return row ? row.organisation_id : undefined;
}

/**
 * Puts the list's contact of `email` back in the `previous` organisation (undefined: removes the contact) when it
 * is still in `organisationId`: a contact someone moved since is left as they made it.
 */
export async function revertContact(
  tx: DbOrTx,
  list: ClientList,
  contact: { email: string; organisationId: string; previous: string | null | undefined },
): Promise<void> {
  const still = sql`${listKey(list)} and email = ${contact.email} and organisation_id = ${contact.organisationId}::uuid`;
  await tx.execute(
    contact.previous === undefined
      ? sql`delete from client_contacts where ${still}`
      : sql`update client_contacts set organisation_id = ${contact.previous}::uuid where ${still}`,
  );
}

/** The known contacts among `addresses`, with their organisation's name. */
export async function findContacts(
  tx: DbOrTx,
  addresses: readonly string[],
): Promise<{ email: string; name: string; organisation: string | null }[]> {
  return rowsOf<{ email: string; name: string; organisation: string | null }>(
    await tx.execute(sql`
      select c.email, c.name, o.name as organisation from client_contacts c
      left join client_organisations o on o.id = c.organisation_id
      where c.email = any(${textArray(addresses)})`),
  );
}

/** The organisations owning any of `domains`, one row per domain. */
export async function findOrganisationsByDomain(
  tx: DbOrTx,
  domains: readonly string[],
): Promise<{ domain: string; name: string }[]> {
  return rowsOf<{ domain: string; name: string }>(
    await tx.execute(sql`
      select d as domain, o.name from client_organisations o, unnest(o.domains) d
      where d = any(${textArray(domains)})`),
  );
}

/** A thread's last 50 own items: each one's sender, status and `metadata.to` recipients, newest first. */
export async function listThreadCorrespondents(
  tx: DbOrTx,
  thread: { ownerId: string; threadKey: string },
): Promise<{ from_address: string | null; status: string; recipients: string[] | null }[]> {
  return rowsOf<{ from_address: string | null; status: string; recipients: string[] | null }>(
    await tx.execute(sql`
      select t.from_address, t.status,
        array(select jsonb_array_elements_text(case when jsonb_typeof(t.metadata->'to') = 'array'
          then t.metadata->'to' else '[]'::jsonb end)) as recipients
      from triage_items t
      where t.user_id = ${thread.ownerId} and t.thread_key = ${thread.threadKey} and not (t.metadata ? 'link')
      order by t.time desc, t.id desc limit 50`),
  );
}

/** The firm's own addresses, lower-cased: the user's, its members', its mailboxes' and the shared mailboxes'. */
export async function listOwnAddresses(tx: DbOrTx, userId: string): Promise<string[]> {
  return rowsOf<{ email: string }>(
    await tx.execute(sql`
      select lower(u.email) as email from users u
        where u.id = ${userId} or u.id in (select user_id from firm_members where firm_id = ledgerdesk_current_firm_id())
      union select lower(email_address) from email_integrations
      union select lower(email_address) from firm_shared_mailboxes`),
  ).map((row) => row.email);
}

const workThreadColumns = {
  workItemId: workItemThreads.workItemId,
  threadKey: workItemThreads.threadKey,
  subject: workItemThreads.subject,
  filedAt: workItemThreads.filedAt,
};

export type WorkThreadRow = {
  workItemId: string;
  threadKey: string;
  subject: string;
  filedAt: Date | string;
};

/** Threads filed to work items, most recently filed first (at most 500). */
export async function listWorkThreads(tx: DbOrTx): Promise<WorkThreadRow[]> {
  return tx
    .select(workThreadColumns)
    .from(workItemThreads)
    .orderBy(desc(workItemThreads.filedAt), asc(workItemThreads.id))
    .limit(500);
}

/** The work items a thread is filed to, first filed first. */
export async function listWorkItemIdsOfThread(
  tx: DbOrTx,
  thread: { ownerId: string; threadKey: string },
): Promise<string[]> {
  const rows = await tx
    .select({ workItemId: workItemThreads.workItemId })
    .from(workItemThreads)
    .where(
      and(eq(workItemThreads.ownerUserId, thread.ownerId), eq(workItemThreads.threadKey, thread.threadKey)),
    )
    .orderBy(asc(workItemThreads.filedAt));
  return rows.map((row) => row.workItemId);
}

type FiledThread = { workItemId: string; ownerId: string; threadKey: string };

const filedThreadIs = (filed: FiledThread) =>
  and(
    eq(workItemThreads.workItemId, filed.workItemId),
    eq(workItemThreads.ownerUserId, filed.ownerId),
    eq(workItemThreads.threadKey, filed.threadKey),
  );

/** Files a thread to a work item (filing it again changes nothing) and answers the filing. */
export async function fileThread(
  tx: DbOrTx,
  filed: FiledThread & { mailboxId: string | null; subject: string; filedBy: string },
): Promise<WorkThreadRow | null> {
  await tx
    .insert(workItemThreads)
    .values({
      workItemId: filed.workItemId,
      ownerUserId: filed.ownerId,
      emailIntegrationId: filed.mailboxId,
      threadKey: filed.threadKey,
      subject: filed.subject,
      filedBy: filed.filedBy,
    })
    .onConflictDoNothing({
      target: [workItemThreads.workItemId, workItemThreads.ownerUserId, workItemThreads.threadKey],
    });
  const [row] = await tx.select(workThreadColumns).from(workItemThreads).where(filedThreadIs(filed));
  return row ?? null;
}

/** Takes a thread off a work item; false when it was not filed there. */
export async function unfileThread(tx: DbOrTx, filed: FiledThread): Promise<boolean> {
  const removed = await tx
    .delete(workItemThreads)
    .where(filedThreadIs(filed))
    .returning({ id: workItemThreads.id });
  return removed.length > 0;
}
