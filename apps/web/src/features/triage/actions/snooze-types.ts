import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';

/** Snooze from anywhere on the triage screen: the row's quick action, the thread's menu, `h`, the palette. */
export type SnoozeControls = {
  /** Opens "Snooze until…" for these threads. */
  open: (groups: readonly ThreadGroupDto[]) => void;
  /** Brings snoozed threads back to Triage now. */
  unsnooze: (groups: readonly ThreadGroupDto[]) => void;
};
