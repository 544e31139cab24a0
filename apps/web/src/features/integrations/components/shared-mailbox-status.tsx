import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import {
  ACCESS_REMOVED_NOTE,
  ACCESS_RESTORED_TITLE,
  CHECK_ACCESS_LABEL,
  CHECKING_ACCESS_LABEL,
  openedWithLine,
} from '@ledgerdesk/domain/integrations/shared-mailbox';
import { Loader2, ShieldAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useCheckSharedAccess } from '../api/check-shared-access';
import { errorText, notify } from '../utils/notify';

/**
 * A shared mailbox's lines on its Email Integration card (decision 024): whose sign-in opens it and, when the
 * tenant removed that access, the state in words with "Check Access Again" (Reconnect sits with the other actions).
 */
export function SharedMailboxStatus({ integration }: { integration: EmailIntegrationDto }) {
  const check = useCheckSharedAccess();
  const shared = integration.sharedMailbox;
  if (!shared) return null;
  return (
    <>
      <p className="text-[13px] text-muted">{openedWithLine(shared.signedInAs)}</p>
      {shared.accessRemovedAt ? (
        <div
          className="flex flex-col gap-2 rounded-md border border-danger/40 bg-danger-soft p-3"
          role="note"
        >
          <p className="flex flex-1 items-start gap-2 text-[13px] font-medium text-danger">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {ACCESS_REMOVED_NOTE}
          </p>
          <Button
            size="sm"
            variant="primary"
            className="self-start"
            disabled={check.isPending}
            aria-label={`${CHECK_ACCESS_LABEL} for ${integration.emailAddress}`}
            onClick={() =>
              check.mutate(integration.id, {
                onSuccess: () =>
                  notify(
                    {
                      title: ACCESS_RESTORED_TITLE,
                      description: `${integration.emailAddress} opens again; its mail syncs as before.`,
                    },
                    'success',
                  ),
                onError: (error) =>
                  notify({
                    title: 'Access Not Restored',
                    description: errorText(error),
                    tone: 'destructive',
                  }),
              })
            }
          >
            {check.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {check.isPending ? CHECKING_ACCESS_LABEL : CHECK_ACCESS_LABEL}
          </Button>
        </div>
      ) : null}
    </>
  );
}
