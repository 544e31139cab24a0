import { IMAP_CONNECT_LABELS } from '@ledgerdesk/domain/api/imap-connect';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { IMAP_PRESETS } from '@ledgerdesk/domain/integrations/imap-presets';
import { CheckCircle2, Loader2, Plug, XCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { useConnectImap, useTestImapConnection } from '../api/imap-connect';
import { useImapForm } from '../hooks/use-imap-form';
import { failureOutcome, type ImapOutcome, successOutcome } from '../utils/imap-outcome';
import { FieldError, ImapServerFields, SELECT_CLASS } from './imap-server-fields';

/**
 * The IMAP card's form: address, app password, both servers (filled from a preset for known hosts), "Test
 * connection" (the result in words: the folders found, or which step failed) and "Connect".
 */
export function ImapConnectForm({
  onConnected,
  onCancel,
}: {
  onConnected: (integration: EmailIntegrationDto) => void;
  onCancel: () => void;
}) {
  const form = useImapForm();
  const test = useTestImapConnection();
  const connect = useConnectImap();
  const [outcome, setOutcome] = useState<ImapOutcome | null>(null);
  const id = useId();
  const isBusy = test.isPending || connect.isPending;
  const { values, errors } = form;

  const runTest = () => {
    const body = form.validate();
    if (!body) return;
    setOutcome(null);
    test.mutate(body, {
      onSuccess: (answer) => setOutcome(successOutcome(answer.folders)),
      onError: (error) => setOutcome(failureOutcome(error)),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    setOutcome(null);
    connect.mutate(body, {
      onSuccess: (answer) => {
        form.reset();
        onConnected(answer.integration);
      },
      onError: (error) => setOutcome(failureOutcome(error)),
    });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={IMAP_CONNECT_LABELS.card}>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-email`}>Email address</Label>
          <Input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="you@example.com"
            value={values.email}
            onChange={(event) => form.setEmail(event.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
          />
          <FieldError id={`${id}-email-error`} text={errors.email} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-password`}>Password</Label>
          <Input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => form.setField('password', event.target.value)}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={`${id}-password-hint${errors.password ? ` ${id}-password-error` : ''}`}
          />
          <p id={`${id}-password-hint`} className="text-[12px] text-muted">
            {IMAP_CONNECT_LABELS.passwordHint}
          </p>
          <FieldError id={`${id}-password-error`} text={errors.password} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-preset`}>Mail host</Label>
          <select
            id={`${id}-preset`}
            className={SELECT_CLASS}
            value={values.presetId}
            onChange={(event) => form.choosePreset(event.target.value)}
          >
            <option value="">Other (enter the servers)</option>
            {IMAP_PRESETS.map((preset) => (
              <option key={preset.id} value={preset.id}>
                {preset.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-username`}>User name (if not the address)</Label>
          <Input
            id={`${id}-username`}
            autoComplete="off"
            spellCheck={false}
            placeholder="Same as the email address"
            value={values.username}
            onChange={(event) => form.setField('username', event.target.value)}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={errors.username ? `${id}-username-error` : undefined}
          />
          <FieldError id={`${id}-username-error`} text={errors.username} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ImapServerFields
          kind="imap"
          server={values.imap}
          errors={errors}
          onChange={(patch) => form.setServer('imap', patch)}
        />
        <ImapServerFields
          kind="smtp"
          server={values.smtp}
          errors={errors}
          onChange={(patch) => form.setServer('smtp', patch)}
        />
      </div>
      {outcome ? <OutcomeLine outcome={outcome} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={isBusy} onClick={runTest}>
          {test.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plug aria-hidden />}
          {test.isPending ? 'Testing...' : IMAP_CONNECT_LABELS.test}
        </Button>
        <Button type="submit" variant="primary" disabled={isBusy}>
          {connect.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {connect.isPending ? 'Connecting...' : IMAP_CONNECT_LABELS.connect}
        </Button>
        <Button type="button" variant="ghost" disabled={isBusy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function OutcomeLine({ outcome }: { outcome: ImapOutcome }) {
  const Icon = outcome.ok ? CheckCircle2 : XCircle;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      data-testid="imap-test-outcome"
      className={cn(
        'flex items-start gap-2 rounded-md px-3 py-2 text-[13px] font-medium',
        outcome.ok ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{outcome.text}</span>
    </p>
  );
}
