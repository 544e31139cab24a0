import {
  parseLocalDateTime,
  SNOOZE_PRESETS,
  shortWhen,
  snoozePresetTime,
  snoozeTimeProblem,
  toLocalDateTimeValue,
} from '@ledgerdesk/domain/triage/snooze';
import { Clock } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';

type SnoozeDialogProps = {
  isOpen: boolean;
  timeZone: string;
  now: () => Date;
  onSnooze: (until: Date) => void;
  onClose: () => void;
};

/**
 * "Snooze until…": Later today, Tomorrow morning, Next week, or a day and time picked in the user's own time
 * zone. The thread leaves Triage for Scheduled and comes back, unread, at that time (or when someone replies).
 */
export function SnoozeDialog({ isOpen, timeZone, now, onSnooze, onClose }: SnoozeDialogProps) {
  const id = useId();
  const [custom, setCustom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const moment = now();

  function snoozeCustom() {
    const until = parseLocalDateTime(custom, timeZone);
    const why = until ? snoozeTimeProblem(until, now()) : 'Pick a day and a time.';
    if (why || !until) {
      setProblem(why);
      return;
    }
    onSnooze(until);
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) {
          setProblem(null);
          onClose();
        }
      }}
    >
      <DialogContent
        title="Snooze until…"
        description={`Times are in ${timeZone}.`}
        className="max-w-sm"
        onOpenAutoFocus={(event) => {
          // `h` then Enter snoozes until later today.
          event.preventDefault();
          document.querySelector<HTMLButtonElement>('[data-snooze-preset]')?.focus();
        }}
      >
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">Snooze presets</legend>
          {SNOOZE_PRESETS.map((preset) => {
            const until = snoozePresetTime(preset.id, moment, timeZone);
            return (
              <Button
                key={preset.id}
                data-snooze-preset={preset.id}
                variant="ghost"
                className="h-10 justify-between"
                onClick={() => onSnooze(until)}
              >
                <span className="flex items-center gap-2">
                  <Clock className="size-4 text-muted" />
                  {preset.label}
                </span>
                <span className="text-[12px] text-muted">{shortWhen(until, timeZone)}</span>
              </Button>
            );
          })}
        </fieldset>
        <form
          className="mt-3 flex flex-col gap-1.5 border-t border-border pt-3"
          onSubmit={(event) => {
            event.preventDefault();
            snoozeCustom();
          }}
        >
          <Label htmlFor={`${id}-custom`}>Pick a date and time</Label>
          <div className="flex gap-2">
            <input
              id={`${id}-custom`}
              type="datetime-local"
              value={custom}
              min={toLocalDateTimeValue(new Date(moment.getTime() + 60_000), timeZone)}
              onChange={(event) => {
                setCustom(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              className="h-9 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
            />
            <Button type="submit" variant="primary" className="h-9">
              Snooze
            </Button>
          </div>
          {problem ? (
            <p id={`${id}-problem`} role="alert" className="text-[12px] text-danger">
              {problem}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
