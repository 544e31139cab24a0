import type { Contact } from '@ledgerdesk/domain/entities';
import { Building2, CalendarPlus, Mail, Phone } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { ContactStatus } from '../sample-data/sample-contact-details';

const STATUS_TONES: Record<ContactStatus, BadgeTone> = {
  'Active client': 'success',
  Onboarding: 'accent',
  'Former client': 'neutral',
};

/** The contact's header: status, email, phone and organisation, with Email and Schedule Meeting. */
export function ContactHeader({ contact, status }: { contact: Contact; status: ContactStatus }) {
  return (
    <Card className="flex flex-col gap-4 p-4 md:flex-row md:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <Avatar name={contact.name} src={contact.avatar || null} size={52} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold">{contact.name}</h2>
            <Badge tone={STATUS_TONES[status]}>
              <span className="sr-only">Status: </span>
              {status}
            </Badge>
          </div>
          <ul className="mt-1.5 flex flex-col gap-x-4 gap-y-1 text-[13px] text-muted sm:flex-row sm:flex-wrap">
            <li className="flex min-w-0 items-center gap-1.5">
              <Mail className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">Email: </span>
              <span className="truncate">{contact.email}</span>
            </li>
            <li className="flex items-center gap-1.5">
              <Phone className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">Phone: </span>
              {contact.phone}
            </li>
            <li className="flex items-center gap-1.5">
              <Building2 className="size-3.5 shrink-0" aria-hidden />
              <span className="sr-only">Organisation: </span>
              {contact.organization}
            </li>
          </ul>
        </div>
      </div>
      <div className="flex gap-2">
        <Button asChild variant="outline">
          <a href={`mailto:${contact.email}`}>
            <Mail aria-hidden />
            Email
          </a>
        </Button>
        {/* Sample screen: scheduling is not wired to a calendar yet. */}
        <Button variant="primary">
          <CalendarPlus aria-hidden />
          Schedule Meeting
        </Button>
      </div>
    </Card>
  );
}
