import { IMAP_CONNECT_LABELS } from '@ledgerdesk/domain/api/imap-connect';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ImapConnectForm } from './imap-connect-form';

/** The third card on Email Integration: "Connect other mail (IMAP)" (decision 023), its form opened on demand. */
export function ImapConnectCard({
  onConnected,
}: {
  /** The new (or updated) mailbox: the page starts its first sync, as after an OAuth connect. */
  onConnected: (integration: EmailIntegrationDto) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section
      aria-labelledby="imap-card-title"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 sm:col-span-2"
      data-testid="imap-connect-card"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-[#4b5563] text-base font-bold text-white"
        >
          @
        </span>
        <div className="min-w-0">
          <h3 id="imap-card-title" className="text-sm font-semibold">
            {IMAP_CONNECT_LABELS.title}
          </h3>
          <p className="text-[13px] text-muted">{IMAP_CONNECT_LABELS.description}</p>
        </div>
      </div>
      {isOpen ? (
        <ImapConnectForm
          onCancel={() => setIsOpen(false)}
          onConnected={(integration) => {
            setIsOpen(false);
            onConnected(integration);
          }}
        />
      ) : (
        <Button variant="primary" className="self-start" onClick={() => setIsOpen(true)}>
          <Plus aria-hidden />
          {IMAP_CONNECT_LABELS.card}
        </Button>
      )}
    </section>
  );
}
