import type { ThreadClient } from '@ledgerdesk/domain/api/clients';
import { domainOf, isOrganisationDomain } from '@ledgerdesk/domain/firm/client-domains';
import { senderAddressKey } from '@ledgerdesk/domain/triage/automated-mail';
import { parseSenderAddress } from '@ledgerdesk/domain/triage/sender-address';
import type { Tx } from '../../db/with-user';
import type { ThreadScope } from '../access';
import {
  findContacts,
  findOrganisationsByDomain,
  listOwnAddresses,
  listThreadCorrespondents,
} from './clients-repository';

/**
 * The outside people of a thread, newest first: each received item's sender and each sent item's recipients,
 * leaving out the firm's own addresses (its members, the user's and the shared mailboxes).
 */
async function outsideAddresses(tx: Tx, userId: string, scope: ThreadScope) {
  const items = await listThreadCorrespondents(tx, scope);
  const own = new Set(await listOwnAddresses(tx, userId));
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
  const contacts = new Map((await findContacts(tx, addresses)).map((row) => [row.email, row]));
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
      (await findOrganisationsByDomain(tx, domains)).map((row) => [row.domain, row.name]),
    );
    for (const address of addresses) {
      const organisation = organisations.get(domainOf(address));
      if (organisation)
        return { client: { organisation, contact: null, address }, candidate: people[0] ?? null };
    }
  }
  return { client: null, candidate: people[0] ?? null };
}
