import {
  domainOf,
  isOrganisationDomain,
  organisationNameGuess,
} from '@ledgerdesk/domain/firm/client-domains';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';

export type ClientChoice = { organisation: string; contactName: string | null; matchDomain: boolean };

type ClientDialogProps = {
  isOpen: boolean;
  candidate: { address: string; name: string };
  isPending: boolean;
  onSave: (choice: ClientChoice) => void;
  onClose: () => void;
};

const FIELD =
  'h-9 w-full rounded-md border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring';

/** "Set client…": which organisation an address belongs to, its contact's name, and the whole domain or not. */
export function ClientDialog({ isOpen, candidate, isPending, onSave, onClose }: ClientDialogProps) {
  const id = useId();
  const domain = domainOf(candidate.address);
  const canMatchDomain = isOrganisationDomain(domain);
  const [organisation, setOrganisation] = useState(canMatchDomain ? organisationNameGuess(domain) : '');
  const [contactName, setContactName] = useState(candidate.name === candidate.address ? '' : candidate.name);
  const [matchDomain, setMatchDomain] = useState(canMatchDomain);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Set client"
        description={`Mail with ${candidate.address} will show its client, for everyone in your firm.`}
        className="max-w-md"
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!organisation.trim()) return;
            onSave({
              organisation: organisation.trim(),
              contactName: contactName.trim() || null,
              matchDomain: canMatchDomain && matchDomain,
            });
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-organisation`}>Organisation</Label>
            <input
              id={`${id}-organisation`}
              className={FIELD}
              required
              maxLength={120}
              value={organisation}
              onChange={(event) => setOrganisation(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-contact`}>Contact name</Label>
            <input
              id={`${id}-contact`}
              className={FIELD}
              maxLength={120}
              value={contactName}
              onChange={(event) => setContactName(event.target.value)}
            />
          </div>
          {canMatchDomain ? (
            <label className="flex items-center gap-2 text-[13px]">
              <input
                type="checkbox"
                className="size-4 accent-accent"
                checked={matchDomain}
                onChange={(event) => setMatchDomain(event.target.checked)}
              />
              Everyone writing from @{domain}
            </label>
          ) : (
            <p className="text-[12px] text-muted">
              @{domain} is a public mail domain: only this address is matched.
            </p>
          )}
          <div className="flex justify-end gap-2 pt-1">
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={isPending || !organisation.trim()}>
              Save client
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
