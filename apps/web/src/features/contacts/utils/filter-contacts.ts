import type { Contact } from '@ledgerdesk/domain/entities';

/** Contacts whose name or email contains the query, ignoring case (spec §2 Contacts); all for a blank query. */
export function filterContacts(contacts: Contact[], query: string): Contact[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return contacts;
  return contacts.filter(
    (contact) =>
      contact.name.toLocaleLowerCase().includes(needle) || contact.email.toLocaleLowerCase().includes(needle),
  );
}
