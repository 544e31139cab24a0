import {
  ADD_SHARED_MAILBOX_LABEL,
  isMailboxAddress,
  SHARED_MAILBOX_ADDRESS_LABEL,
  SHARED_MAILBOX_ERRORS,
  SHARED_MAILBOX_HELP,
} from '@ledgerdesk/domain/integrations/shared-mailbox';
import { Loader2, Users } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

type Props = {
  /** True while this form's sign-in is under way. */
  isConnecting: boolean;
  /** True while any connection is under way (one popup at a time). */
  isDisabled: boolean;
  onAdd: (address: string) => void;
  /** The shared mailboxes already connected (lower case): the form closes once the one it asked for is there. */
  connectedAddresses: readonly string[];
};

/**
 * "Add a shared mailbox" on the Office 365 card (decision 024): the shared mailbox's address, checked here for
 * its shape; the server checks that the user's sign-in may open it and says why not in words.
 */
export function AddSharedMailbox({ isConnecting, isDisabled, onAdd, connectedAddresses }: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const [address, setAddress] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Added: the new card shows it; the form closes and forgets the address (a failed sign-in keeps both).
  useEffect(() => {
    if (!asked || !connectedAddresses.includes(asked)) return;
    setAsked(null);
    setAddress('');
    setIsOpen(false);
  }, [asked, connectedAddresses]);
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();

  if (!isOpen) {
    return (
      <Button variant="outline" className="self-start" disabled={isDisabled} onClick={() => setIsOpen(true)}>
        <Users aria-hidden />
        {ADD_SHARED_MAILBOX_LABEL}
      </Button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = address.trim();
    if (!isMailboxAddress(trimmed)) {
      setError(SHARED_MAILBOX_ERRORS.notAnAddress);
      return;
    }
    setError(null);
    setAsked(trimmed.toLowerCase());
    onAdd(trimmed);
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={submit} noValidate aria-label={ADD_SHARED_MAILBOX_LABEL}>
      <Label htmlFor={inputId}>{SHARED_MAILBOX_ADDRESS_LABEL}</Label>
      <p id={helpId} className="text-[13px] text-muted">
        {SHARED_MAILBOX_HELP}
      </p>
      <Input
        id={inputId}
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="accounts@yourfirm.com"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
        aria-invalid={error ? true : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-[13px] font-medium text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={isDisabled}>
          {isConnecting ? <Loader2 className="animate-spin" aria-hidden /> : <Users aria-hidden />}
          {isConnecting ? 'Waiting for sign-in...' : ADD_SHARED_MAILBOX_LABEL}
        </Button>
        <Button type="button" variant="ghost" disabled={isConnecting} onClick={() => setIsOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
