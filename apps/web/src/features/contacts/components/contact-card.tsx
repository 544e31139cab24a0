import type { Contact } from '@ledgerdesk/domain/entities';
import { Building2, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { timeAgo } from '../utils/format';

/** One contact: name, email, organisation and last activity; the whole card opens the contact. */
export function ContactCard({ contact }: { contact: Contact }) {
  const isOrganisation = contact.type === 'ORGANISATION';
  return (
    <Link
      to={`/contacts/${contact.id}`}
      className="flex h-full items-start gap-3 rounded-lg border border-border bg-surface p-3 transition-colors hover:border-accent/50 hover:bg-hover/40"
    >
      <Avatar name={contact.name} src={contact.avatar || null} size={36} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-[13px] font-semibold">{contact.name}</p>
        <p className="truncate text-[13px] text-muted">{contact.email}</p>
        <p className="mt-1.5 flex items-center gap-1.5 truncate text-[12px] text-muted">
          <Building2 className="size-3.5 shrink-0" aria-hidden />
          <span className="sr-only">Organisation: </span>
          {isOrganisation ? 'Organisation' : contact.organization}
        </p>
        <p className="mt-0.5 flex items-center gap-1.5 text-[12px] text-muted">
          <Clock className="size-3.5 shrink-0" aria-hidden />
          <span>Last activity {timeAgo(contact.lastActivity)}</span>
        </p>
      </div>
    </Link>
  );
}
