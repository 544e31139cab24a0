import { toUndoSeconds, UNDO_SECONDS_CHOICES } from '@ledgerdesk/domain/triage/undo-window';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useUndoSeconds } from '../../../lib/undo-window';

const label = (seconds: number) => (seconds === 0 ? 'Off (no Undo, send at once)' : `${seconds} seconds`);

/** The undo window of decision 010: how long actions and "Email Sent" offer Undo (this browser). */
export function UndoWindowCard() {
  const [seconds, setSeconds] = useUndoSeconds();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Undo</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor="undo-seconds" className="text-sm font-medium text-fg">
            Undo window
          </label>
          <p id="undo-seconds-hint" className="text-[12px] text-muted">
            How long Undo is offered after an action, and how long a sent email waits before it goes out.
            Saved in this browser.
          </p>
        </div>
        <select
          id="undo-seconds"
          aria-describedby="undo-seconds-hint"
          value={seconds}
          onChange={(event) => setSeconds(toUndoSeconds(Number(event.target.value)))}
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          {UNDO_SECONDS_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {label(choice)}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
  );
}
