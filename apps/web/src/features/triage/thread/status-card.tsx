import {
  STATUS_CARDS,
  type StatusCardKind,
  TRY_AGAIN_LABEL,
} from '@ledgerdesk/domain/triage/thread-status-cards';
import { AlertTriangle, Archive, CheckCircle2, FileQuestion, Loader2, MailX, StickyNote } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

const ICONS: Record<StatusCardKind, ReactNode> = {
  syncing: <Loader2 className="animate-spin text-accent" />,
  error: <AlertTriangle className="text-danger" />,
  archived: <Archive className="text-muted" />,
  deleted: <MailX className="text-muted" />,
  cleared: <CheckCircle2 className="text-success" />,
  basic: <StickyNote className="text-muted" />,
  noContent: <FileQuestion className="text-muted" />,
};

/** The card the detail shows instead of the emails (spec §4 thread detail status). */
export function StatusCard({ kind, onRetry }: { kind: StatusCardKind; onRetry: () => void }) {
  const card = STATUS_CARDS[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid="status-card"
      data-kind={kind}
      className={cn(
        'mx-auto mt-6 flex max-w-md flex-col items-center gap-2 rounded-lg border bg-surface px-6 py-8 text-center',
        kind === 'error' ? 'border-danger/40' : 'border-border',
      )}
    >
      <div className="[&_svg]:size-7">{ICONS[kind]}</div>
      <h3 className="text-sm font-semibold">{card.title}</h3>
      <p className="text-[13px] text-muted">{card.description}</p>
      {'hint' in card ? <p className="text-[12px] text-muted">{card.hint}</p> : null}
      {card.canRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry} className="mt-2">
          {TRY_AGAIN_LABEL}
        </Button>
      ) : null}
    </div>
  );
}
