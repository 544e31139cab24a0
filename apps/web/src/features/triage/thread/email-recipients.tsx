import type { EmailAddress } from '@ledgerdesk/domain/entities';
import { displayAddress } from '@ledgerdesk/domain/triage/recipients-summary';
import { SHOW_LESS_LABEL } from '@ledgerdesk/domain/triage/triage-page-texts';

function RecipientLine({ label, recipients }: { label: string; recipients: EmailAddress[] }) {
  const unique = recipients.filter(
    (recipient, index) => recipients.findIndex((other) => other.address === recipient.address) === index,
  );
  if (unique.length === 0) return null;
  return (
    <div className="flex gap-2">
      <dt className="w-8 shrink-0 font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-words">
        {unique.map((recipient, index) => (
          <span key={recipient.address}>
            {index > 0 ? ', ' : null}
            <span title={recipient.address}>{displayAddress(recipient)}</span>
            {recipient.name.trim() ? <span className="text-muted"> &lt;{recipient.address}&gt;</span> : null}
          </span>
        ))}
      </dd>
    </div>
  );
}

/** The recipients box of an expanded email: To, CC, BCC and "Show less". */
export function EmailRecipients({
  to,
  cc,
  bcc,
  onShowLess,
}: {
  to: EmailAddress[];
  cc: EmailAddress[];
  bcc: EmailAddress[];
  onShowLess: () => void;
}) {
  return (
    <div
      className="rounded-md border border-border bg-surface-2 px-3 py-2 text-[12px]"
      data-testid="recipients-box"
    >
      <dl className="flex flex-col gap-1">
        <RecipientLine label="To" recipients={to} />
        <RecipientLine label="CC" recipients={cc} />
        <RecipientLine label="BCC" recipients={bcc} />
      </dl>
      <button
        type="button"
        onClick={onShowLess}
        className="mt-1 text-[12px] font-medium text-accent hover:underline"
      >
        {SHOW_LESS_LABEL}
      </button>
    </div>
  );
}
