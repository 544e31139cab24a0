import type { ThreadClient } from '@ledgerdesk/domain/api/clients';
import { domainOf, isOrganisationDomain } from '@ledgerdesk/domain/firm/client-domains';
import { senderAddressKey } from '@ledgerdesk/domain/triage/automated-mail';
import { parseSenderAddress } from '@ledgerdesk/domain/triage/sender-address';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import type { ThreadScope } from '../collaboration/thread-scope';

const textArray = (values: readonly string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/**
 * The outside people of a thread, newest first: each received item's sender and each sent item's recipients,
 * leaving out the firm's own addresses (its members, the user's and the shared mailboxes).
 */
async function outsideAddresses(tx: Tx, userId: string, scope: ThreadScope) {
  const items = rowsOf<{ from_address: string | null; status: string; recipients: string[] | null }>(
    await tx.execute(sql`
      select t.from_address, t.status,
        array(select jsonb_array_elements_text(case when jsonb_typeof(t.metadata->'to') = 'array'
          then t.metadata->'to' else '[]'::jsonb end)) as recipients
      from triage_items t
      where t.user_id = ${scope.ownerId} and t.thread_key = ${scope.threadKey} and not (t.metadata ? 'link')
      order by t.time desc, t.id desc limit 50`),
  );
  const own = new Set(
    rowsOf<{ email: string }>(
      await tx.execute(sql`
        select lower(u.email) as email from users u
          where u.id = ${userId} or u.id in (select user_id from firm_members where firm_id = ledgerdesk_current_firm_id())
        union select lower(email_address) from email_integrations
        union select lower(email_address) from firm_shared_mailboxes`),
    ).map((row) => row.email),
  );
  const seen = new Map<string, string>();
  for (const item of items) {
    const people = item.status === 'sent' ? (item.recipients ?? []) : [item.from_address ?? ''];
    for (const person of people) {
      if (!person) continue;
      const address = senderAddressKey(person);
      if (!address.includes('@') || own.has(address) || seen.has(address)) continue;
      seen.set(address, parseSenderAddress(person).name || address);
    }
  }
  return [...seen.entries()].map(([address, name]) => ({ address, name }));
}

/**
 * Who a thread is with (decision 015): the first outside address that is a known contact, else the first whose
 * domain belongs to an organisation; plus the address a "Set client…" would name.
 */
export async function resolveThreadClient(
  tx: Tx,
  userId: string,
  scope: ThreadScope,
): Promise<{ client: ThreadClient | null; candidate: { address: string; name: string } | null }> {
  const people = await outsideAddresses(tx, userId, scope);
  if (people.length === 0) return { client: null, candidate: null };
  const addresses = people.map((person) => person.address);
  const contacts = new Map(
    rowsOf<{ email: string; name: string; organisation: string | null }>(
      await tx.execute(sql`
        select c.email, c.name, o.name as organisation from client_contacts c
        left join client_organisations o on o.id = c.organisation_id
        where c.email = any(${textArray(addresses)})`),
    ).map((row) => [row.email, row]),
  );
  for (const address of addresses) {
    const contact = contacts.get(address);
    if (contact)
      return {
        client: { organisation: contact.organisation, contact: contact.name, address },
        candidate: people[0] ?? null,
      };
  }
  const domains = [...new Set(addresses.map(domainOf).filter(isOrganisationDomain))];
  if (domains.length > 0) {
    const organisations = new Map(
      rowsOf<{ domain: string; name: string }>(
        await tx.execute(sql`
          select d as domain, o.name from client_organisations o, unnest(o.domains) d
          where d = any(${textArray(domains)})`),
      ).map((row) => [row.domain, row.name]),
    );
    for (const address of addresses) {
      const organisation = organisations.get(domainOf(address));
      if (organisation)
        return { client: { organisation, contact: null, address }, candidate: people[0] ?? null };
    }
  }
  return { client: null, candidate: people[0] ?? null };
}
