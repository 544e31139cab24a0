import { pageTitle } from '@ledgerdesk/domain/shell/page-title';
import { sharedMailboxIdFromPath } from '@ledgerdesk/domain/triage/triage-view';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SharedMailboxBand } from '../../features/firm/components/shared-mailbox-band';
import { TriageConnectionControls } from '../../features/integrations/components/triage-connection-controls';
import { ComposeAddonsContext } from '../../features/triage/compose/compose-addons';
import { TriagePage } from '../../features/triage/triage-page';
import { useFirm } from '../../lib/firm-query';

// Only a new user's empty list needs the connect flow: it loads when that list shows.
const FirstRunConnect = lazy(() =>
  import('../../features/integrations/components/first-run-connect').then((m) => ({
    default: m.FirstRunConnect,
  })),
);

// The saved-reply picker loads with the first compose dialog, not with the list.
const TemplatePickerChunk = lazy(() =>
  import('../../features/templates/components/template-picker').then((m) => ({ default: m.TemplatePicker })),
);

function TemplatePicker(props: ComponentProps<typeof TemplatePickerChunk>) {
  return (
    <Suspense fallback={null}>
      <TemplatePickerChunk {...props} />
    </Suspense>
  );
}

const COMPOSE_ADDONS = { TemplatePicker };

/**
 * A shared mailbox's view carries the firm feature's band (its name, owner, connection and views) instead.
 * The triage screen with the integrations feature's connection badge and sync controls in its header, its
 * first-run connect choices under an empty list, and the templates feature's saved-reply picker in compose.
 */
export function TriageRoute() {
  const { pathname } = useLocation();
  const mailboxId = sharedMailboxIdFromPath(pathname);
  const firm = useFirm(mailboxId !== null).data?.firm ?? null;
  const shared = mailboxId
    ? (firm?.sharedMailboxes.find((mailbox) => mailbox.integrationId === mailboxId) ?? null)
    : null;
  if (mailboxId) {
    // Decision 012: a shared mailbox's view names the mailbox and shows its owner's connection, not the member's
    // own (a member without a mailbox read "Not connected" and was offered a sandbox mailbox here).
    const title = pageTitle(pathname);
    const name = shared?.emailAddress ?? 'this shared mailbox';
    return (
      <ComposeAddonsContext.Provider value={COMPOSE_ADDONS}>
        <TriagePage
          headerBand={shared ? <SharedMailboxBand mailbox={shared} /> : null}
          emptyListPage={title === 'Triage' ? name : `${title} of ${name}`}
        />
      </ComposeAddonsContext.Provider>
    );
  }
  return (
    <ComposeAddonsContext.Provider value={COMPOSE_ADDONS}>
      <TriagePage
        headerExtras={<TriageConnectionControls />}
        emptyListAction={
          <Suspense fallback={null}>
            <FirstRunConnect />
          </Suspense>
        }
      />
    </ComposeAddonsContext.Provider>
  );
}
