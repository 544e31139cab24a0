import type { MailSecurity } from '@ledgerdesk/domain/integrations/imap-presets';
import { useId } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { ImapFormErrors, ServerFields } from '../hooks/use-imap-form';

const SECURITY_LABELS: Record<MailSecurity, string> = {
  tls: 'TLS',
  starttls: 'STARTTLS',
  none: 'None (plain text)',
};

export const SELECT_CLASS =
  'h-9 w-full rounded-md border border-border bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring';

/** Host, port and security of one server (IMAP or SMTP), each labelled, with its error under it. */
export function ImapServerFields({
  kind,
  server,
  errors,
  onChange,
}: {
  kind: 'imap' | 'smtp';
  server: ServerFields;
  errors: ImapFormErrors;
  onChange: (patch: Partial<ServerFields>) => void;
}) {
  const id = useId();
  const name = kind === 'imap' ? 'IMAP' : 'SMTP';
  const field = (key: keyof ServerFields) => ({
    id: `${id}-${key}`,
    error: errors[`${kind}.${key}`],
    errorId: `${id}-${key}-error`,
  });
  const host = field('host');
  const port = field('port');
  const security = field('security');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-[13px] font-semibold">{name} server</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_5.5rem] gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={host.id}>{name} host</Label>
          <Input
            id={host.id}
            value={server.host}
            autoComplete="off"
            spellCheck={false}
            placeholder={kind === 'imap' ? 'imap.example.com' : 'smtp.example.com'}
            onChange={(event) => onChange({ host: event.target.value })}
            aria-invalid={host.error ? true : undefined}
            aria-describedby={host.error ? host.errorId : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={port.id}>{name} port</Label>
          <Input
            id={port.id}
            value={server.port}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => onChange({ port: event.target.value })}
            aria-invalid={port.error ? true : undefined}
            aria-describedby={port.error ? port.errorId : undefined}
          />
        </div>
      </div>
      <FieldError id={host.errorId} text={host.error} />
      <FieldError id={port.errorId} text={port.error} />
      <div className="flex flex-col gap-1">
        <Label htmlFor={security.id}>{name} security</Label>
        <select
          id={security.id}
          className={SELECT_CLASS}
          value={server.security}
          onChange={(event) => onChange({ security: event.target.value as MailSecurity })}
          aria-invalid={security.error ? true : undefined}
          aria-describedby={security.error ? security.errorId : undefined}
        >
          {(Object.keys(SECURITY_LABELS) as MailSecurity[]).map((value) => (
            <option key={value} value={value}>
              {SECURITY_LABELS[value]}
            </option>
          ))}
        </select>
        <FieldError id={security.errorId} text={security.error} />
      </div>
    </fieldset>
  );
}

/** A field's error line, read with the field (aria-describedby). */
export function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={id} className="text-[13px] font-medium text-danger">
      {text}
    </p>
  );
}
