import { Share2 } from 'lucide-react';
import { useFirm, useShareMailbox } from '../../../lib/firm-query';
import { toast } from '../../../lib/toast';

/**
 * "Share with {firm}" (decision 012): the owner of a connected mailbox shares it with their firm or keeps it
 * private (the default). Shown only to a member of a firm; the mailbox's tokens never leave the server.
 */
export function ShareWithFirm({
  integrationId,
  emailAddress,
}: {
  integrationId: string;
  emailAddress: string;
}) {
  const firm = useFirm().data?.firm;
  const share = useShareMailbox();
  if (!firm) return null;
  const isShared = firm.sharedMailboxes.some((mailbox) => mailbox.integrationId === integrationId);
  const id = `share-${integrationId}`;
  return (
    <label htmlFor={id} className="mt-1 flex w-fit cursor-pointer items-center gap-2 text-[13px]">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-[var(--color-accent)]"
        checked={isShared}
        disabled={share.isPending}
        onChange={(event) => {
          const shared = event.target.checked;
          share.mutate(
            { integrationId, shared },
            {
              onSuccess: () =>
                toast.success(shared ? `Shared with ${firm.name}` : 'Kept private', {
                  description: emailAddress,
                }),
              onError: (error) => toast.error('Could not change sharing', { description: error.message }),
            },
          );
        }}
      />
      <Share2 className="size-3.5 text-muted" aria-hidden />
      <span>Share with {firm.name}</span>
    </label>
  );
}
