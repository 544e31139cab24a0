import type { ResetScope } from '@ledgerdesk/domain/entities';
import {
  NO_PREVIOUS_RESET,
  PREVIOUS_RESET_TITLE,
  RESET_FEATURES,
  RESET_FEATURES_TITLE,
  RESET_FOLDER_OPTIONS,
  RESET_FOLDERS_TITLE,
  RESET_INFO_CARDS,
  resetScopeLabel,
} from '@ledgerdesk/domain/integrations/reset-dialog-content';
import { Check, Database, FolderSync, History, ListChecks, Settings2, Sparkles } from 'lucide-react';
import { Checkbox } from 'radix-ui';
import { Skeleton } from '../../../components/ui/skeleton';
import { useResetInfo } from '../api/get-reset-info';

const CARD_ICONS = [Database, FolderSync, ListChecks, Settings2];

/** The four info cards: database changes, sync state changes, data scope, system updates. */
export function InfoCards() {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {RESET_INFO_CARDS.map((card, index) => {
        const Icon = CARD_ICONS[index] ?? Database;
        return (
          <section key={card.title} className="rounded-lg border border-border bg-surface-2 p-3">
            <h3 className="mb-1 flex items-center gap-1.5 text-[13px] font-semibold">
              <Icon className="size-4 text-danger" aria-hidden />
              {card.title}
            </h3>
            <ul className="list-disc pl-5 text-[12px] text-muted">
              {card.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Last reset date, items reset and folders included, from the integrations' metadata. */
export function PreviousResetCard({ isEnabled }: { isEnabled: boolean }) {
  const info = useResetInfo(isEnabled);
  return (
    <section
      className="rounded-lg border border-border p-3"
      data-testid="previous-reset"
      aria-label={PREVIOUS_RESET_TITLE}
    >
      <h3 className="mb-1 flex items-center gap-1.5 text-[13px] font-semibold">
        <History className="size-4 text-muted" aria-hidden />
        {PREVIOUS_RESET_TITLE}
      </h3>
      {info.isPending ? (
        <Skeleton className="h-10" />
      ) : info.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-[12px]">
          <dt className="text-muted">Last reset</dt>
          <dd>
            <time dateTime={info.data.lastCompleteResetAt}>
              {new Date(info.data.lastCompleteResetAt).toLocaleString()}
            </time>
          </dd>
          <dt className="text-muted">Items reset</dt>
          <dd data-testid="previous-reset-count">{info.data.resetItemsCount ?? 0}</dd>
          <dt className="text-muted">Folders included</dt>
          <dd>{resetScopeLabel(info.data.resetScope)}</dd>
        </dl>
      ) : (
        <p className="text-[12px] text-muted">
          {info.isError ? 'Could not load the previous reset.' : NO_PREVIOUS_RESET}
        </p>
      )}
    </section>
  );
}

/** Inbox, Sent Items and Archive, each with the triage status it rebuilds. */
export function FolderChecklist({
  folders,
  onChange,
  isDisabled,
}: {
  folders: ResetScope;
  onChange: (folders: ResetScope) => void;
  isDisabled: boolean;
}) {
  return (
    <fieldset className="rounded-lg border border-border p-3" disabled={isDisabled}>
      <legend className="px-1 text-[13px] font-semibold">{RESET_FOLDERS_TITLE}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        {RESET_FOLDER_OPTIONS.map((option) => {
          const id = `reset-folder-${option.key}`;
          return (
            <div key={option.key} className="flex items-center gap-2">
              <Checkbox.Root
                id={id}
                checked={folders[option.key]}
                disabled={isDisabled}
                onCheckedChange={(checked) => onChange({ ...folders, [option.key]: checked === true })}
                className="flex size-4 shrink-0 items-center justify-center rounded border border-subtle bg-surface disabled:opacity-50 data-[state=checked]:border-danger data-[state=checked]:bg-danger"
              >
                <Checkbox.Indicator>
                  <Check className="size-3 text-danger-fg" strokeWidth={3} />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={id} className="text-[13px] whitespace-nowrap">
                {option.folder} <span className="text-muted">→ {option.status}</span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/** What the rebuild guarantees. */
export function FeaturesCard() {
  return (
    <section className="rounded-lg border border-border bg-surface-2 p-3">
      <h3 className="mb-1 flex items-center gap-1.5 text-[13px] font-semibold">
        <Sparkles className="size-4 text-accent" aria-hidden />
        {RESET_FEATURES_TITLE}
      </h3>
      <ul className="list-disc pl-5 text-[12px] text-muted">
        {RESET_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}
