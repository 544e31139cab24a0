import type { Contact } from '@ledgerdesk/domain/entities';
import { SearchX, Users } from 'lucide-react';
import { EmptyState } from '../../../components/ui/page';
import { ContactCard } from './contact-card';

/** Contact cards in a responsive grid, or an empty state that names the search. */
export function ContactGrid({ contacts, query }: { contacts: Contact[]; query: string }) {
  if (contacts.length === 0) {
    return query.trim() ? (
      <EmptyState
        icon={<SearchX />}
        title={`No contacts match “${query.trim()}”`}
        description="Try a different name or email address."
      />
    ) : (
      <EmptyState icon={<Users />} title="No contacts yet" />
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Contacts">
      {contacts.map((contact) => (
        <li key={contact.id}>
          <ContactCard contact={contact} />
        </li>
      ))}
    </ul>
  );
}
