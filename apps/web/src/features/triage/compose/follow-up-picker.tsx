import {
  parseLocalDateTime,
  REMINDER_PRESETS,
  reminderPresetTime,
  toLocalDateTimeValue,
} from '@ledgerdesk/domain/triage/snooze';
import { useId } from 'react';
import type { FollowUpChoice } from './compose-types';

export const NO_FOLLOW_UP: FollowUpChoice = { preset: 'none', custom: '' };

/** When the chosen reminder fires, or null for none (or a custom time not filled in yet). */
export function followUpTime(choice: FollowUpChoice, now: Date, timeZone: string): Date | null {
  if (choice.preset === 'none') return null;
  if (choice.preset === 'custom') return parseLocalDateTime(choice.custom, timeZone);
  return reminderPresetTime(choice.preset, now, timeZone);
}

type FollowUpPickerProps = {
  value: FollowUpChoice;
  onChange: (value: FollowUpChoice) => void;
  timeZone: string;
  disabled: boolean;
};

/** "Remind me if no reply in…": 1 day, 3 days, 1 week or a custom time (spec'd by decision 009). */
export function FollowUpPicker({ value, onChange, timeZone, disabled }: FollowUpPickerProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-preset`} className="text-[12px] text-muted">
        Remind me if no reply in
      </label>
      <select
        id={`${id}-preset`}
        value={value.preset}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, preset: event.target.value as FollowUpChoice['preset'] })}
        className="h-7 rounded-md border border-border bg-surface px-1.5 text-[12px] text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <option value="none">No reminder</option>
        {REMINDER_PRESETS.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {preset.label}
          </option>
        ))}
        <option value="custom">Custom…</option>
      </select>
      {value.preset === 'custom' ? (
        <input
          type="datetime-local"
          aria-label="Remind me at"
          value={value.custom}
          disabled={disabled}
          min={toLocalDateTimeValue(new Date(Date.now() + 60_000), timeZone)}
          onChange={(event) => onChange({ ...value, custom: event.target.value })}
          className="h-7 rounded-md border border-border bg-surface px-1.5 text-[12px] text-fg focus-visible:outline-2 focus-visible:outline-ring"
        />
      ) : null}
    </div>
  );
}
