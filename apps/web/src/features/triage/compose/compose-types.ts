import type { ReminderPreset } from '@ledgerdesk/domain/triage/snooze';

/** The compose dialog's follow-up reminder: a preset, none, or a custom local date-time. */
export type FollowUpChoice = { preset: ReminderPreset | 'none' | 'custom'; custom: string };
