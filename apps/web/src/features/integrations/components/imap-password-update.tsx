import { IMAP_CONNECT_LABELS, imapPasswordBodySchema } from '@ledgerdesk/domain/api/imap-connect';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { KeyRound, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useUpdateImapPassword } from '../api/imap-connect';
import { failureOutcome } from '../utils/imap-outcome';
import { notify } from '../utils/notify';
import { FieldError } from './imap-server-fields';

/**
 * An IMAP mailbox whose server refused its password (the IMAP form of an expired token): the state in words and
 * "Update password", a form asking the new one, tested against the servers before it is saved.
 */
export function ImapPasswordUpdate({ integration }: { integration: EmailIntegrationDto }) {
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateImapPassword();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = imapPasswordBodySchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the password.');
      return;
    }
    setError(null);
    update.mutate(
      { integrationId: integration.id, password },
      {
        onSuccess: () => {
          setPassword('');
          setIsOpen(false);
          notify(
            { title: 'Password updated', description: `${integration.emailAddress} syncs again.` },
            'success',
          );
        },
        onError: (failure) => setError(failureOutcome(failure).text),
      },
    );
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="text-[13px] font-medium text-danger" role="note">
        {IMAP_CONNECT_LABELS.passwordRefused}
      </p>
      {isOpen ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={submit}
          noValidate
          aria-label={IMAP_CONNECT_LABELS.updatePassword}
        >
          <Label htmlFor={`${id}-password`}>New password for {integration.emailAddress}</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            className="max-w-sm"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="text-[12px] text-muted">
            {IMAP_CONNECT_LABELS.passwordHint}
          </p>
          <FieldError id={`${id}-error`} text={error ?? undefined} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" variant="primary" disabled={update.isPending}>
              {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
              {update.isPending ? 'Testing...' : 'Test and save'}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button size="sm" variant="primary" className="self-start" onClick={() => setIsOpen(true)}>
          <KeyRound aria-hidden />
          {IMAP_CONNECT_LABELS.updatePassword}
        </Button>
      )}
    </div>
  );
}
