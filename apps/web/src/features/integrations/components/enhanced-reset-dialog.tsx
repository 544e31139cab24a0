import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { RESET_DEFAULT_FOLDERS, RESET_DIALOG_AUTO_CLOSE_MS } from '@ledgerdesk/domain/constants';
import type { ResetScope } from '@ledgerdesk/domain/entities';
import {
  canReset,
  RESET_CANCEL_LABEL,
  RESET_DIALOG_TITLE,
  RESET_OPEN_BUTTON_LABEL,
  RESET_SELECT_AT_LEAST_ONE,
  RESET_WARNING,
  resetButtonLabel,
  resetSelectionLabel,
  selectedFolderCount,
} from '@ledgerdesk/domain/integrations/reset-dialog';
import { RESET_LAST_CHANCE, RESET_RUNNING_TEXT } from '@ledgerdesk/domain/integrations/reset-dialog-content';
import { AlertOctagon, Loader2, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useEnhancedReset } from '../hooks/use-enhanced-reset';
import { FeaturesCard, FolderChecklist, InfoCards, PreviousResetCard } from './reset-dialog-sections';

/** The "Enhanced Reset to Exchange" button and its dialog (spec §2), which cannot be closed while running. */
export function EnhancedResetButton({ integrations }: { integrations: readonly EmailIntegrationDto[] }) {
  const [isOpen, setIsOpen] = useState(false);
  const [folders, setFolders] = useState<ResetScope>({ ...RESET_DEFAULT_FOLDERS });
  const { phase, run, reset } = useEnhancedReset(integrations);
  const isRunning = phase === 'running';
  const count = selectedFolderCount(folders);

  useEffect(() => {
    if (phase !== 'finished') return;
    const timer = window.setTimeout(() => setIsOpen(false), RESET_DIALOG_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  const onOpenChange = (open: boolean) => {
    if (isRunning) return;
    setIsOpen(open);
    if (open) {
      reset();
      setFolders({ ...RESET_DEFAULT_FOLDERS });
    }
  };
  const block = (event: Event) => {
    if (isRunning) event.preventDefault();
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="danger-outline">
          <RotateCcw aria-hidden />
          {RESET_OPEN_BUTTON_LABEL}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={RESET_DIALOG_TITLE}
        tone="danger"
        hideClose={isRunning}
        className="border-2 sm:max-w-2xl"
        onEscapeKeyDown={block}
        onPointerDownOutside={block}
        onInteractOutside={block}
        aria-busy={isRunning}
      >
        <div className="flex flex-col gap-4">
          <div className="flex gap-3 rounded-lg border border-danger bg-danger-soft p-3" role="alert">
            <AlertOctagon className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />
            <p className="text-[13px] font-semibold text-danger">{RESET_WARNING}</p>
          </div>
          <InfoCards />
          <PreviousResetCard isEnabled={isOpen} />
          <FolderChecklist
            folders={folders}
            onChange={setFolders}
            isDisabled={isRunning || phase === 'finished'}
          />
          <FeaturesCard />
          <p className="rounded-lg border border-warning/50 bg-warning-soft p-3 text-[13px] font-medium text-warning">
            {RESET_LAST_CHANCE}
          </p>
          {/* Sticky, so the choice stays in view however far the dialog scrolls. */}
          <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-col gap-3 border-t border-border bg-surface px-5 pt-3 pb-5">
            <div className="flex flex-col gap-1 text-[13px]" aria-live="polite">
              <p className="font-medium">
                {resetSelectionLabel(count)}{' '}
                {count === 0 ? <span className="text-danger">{RESET_SELECT_AT_LEAST_ONE}</span> : null}
              </p>
              {isRunning ? (
                <p className="flex items-center gap-2 text-muted" role="status">
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                  {RESET_RUNNING_TEXT}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" size="lg" disabled={isRunning} onClick={() => onOpenChange(false)}>
                {RESET_CANCEL_LABEL}
              </Button>
              <Button
                variant="danger"
                size="lg"
                // White on the dark theme's light red misses AA contrast; the page colour passes.
                className="dark:text-bg"
                disabled={!canReset(folders) || isRunning || phase === 'finished'}
                onClick={() => void run(folders)}
              >
                {isRunning ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
                {resetButtonLabel(count)}
              </Button>
            </div>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
