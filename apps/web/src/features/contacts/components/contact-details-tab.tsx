import type { Contact } from '@ledgerdesk/domain/entities';

/** The contact's details: full name, email, phone and organisation. */
export function ContactDetailsTab({ contact }: { contact: Contact }) {
  const rows: Array<[string, string]> = [
    ['Full name', contact.name],
    ['Email', contact.email],
    ['Phone', contact.phone],
    ['Organisation', contact.organization],
  ];
  return (
    <dl className="grid max-w-2xl grid-cols-1 divide-y divide-border rounded-lg border border-border bg-surface">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-[13px] text-muted">{label}</dt>
          <dd className="text-[13px] font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
