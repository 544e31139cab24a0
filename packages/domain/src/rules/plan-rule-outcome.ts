import type { TriageStatus } from '../entities';
import type { RuleMatch } from './evaluate-rules';
import type { RuleAction } from './rule-types';

/** What the matched rules do to one new message, folded in rule order (a later status action wins). */
export type RuleOutcome = {
  status: Extract<TriageStatus, 'later' | 'low_priority' | 'cleared' | 'scheduled'> | null;
  /** Hours from filing until a snoozed item returns; set when the status is `scheduled`. */
  snoozeHours: number | null;
  isRead: boolean;
  isNotification: boolean;
  assign: { assigneeUserId: string; todoInDays: number | null } | null;
  clientOrganisationId: string | null;
  workItemIds: string[];
};

const NOTHING: RuleOutcome = {
  status: null,
  snoozeHours: null,
  isRead: false,
  isNotification: false,
  assign: null,
  clientOrganisationId: null,
  workItemIds: [],
};

function applyOne(outcome: RuleOutcome, action: RuleAction): RuleOutcome {
  switch (action.kind) {
    case 'later':
      return { ...outcome, status: 'later', snoozeHours: null };
    case 'low_priority':
      return { ...outcome, status: 'low_priority', snoozeHours: null };
    case 'clear':
      return { ...outcome, status: 'cleared', snoozeHours: null };
    case 'snooze':
      return { ...outcome, status: 'scheduled', snoozeHours: action.hours };
    case 'mark_read':
      return { ...outcome, isRead: true };
    case 'notifications':
      return { ...outcome, isNotification: true };
    case 'assign':
      return { ...outcome, assign: { assigneeUserId: action.assigneeUserId, todoInDays: action.todoInDays } };
    case 'set_client':
      return { ...outcome, clientOrganisationId: action.organisationId };
    case 'add_to_work':
      return outcome.workItemIds.includes(action.workItemId)
        ? outcome
        : { ...outcome, workItemIds: [...outcome.workItemIds, action.workItemId] };
  }
}

/** The one outcome of every matched rule's actions, in order. */
export function planRuleOutcome(matches: readonly RuleMatch[]): RuleOutcome {
  return matches.flatMap((match) => match.actions).reduce(applyOne, NOTHING);
}

/** Whether the outcome changes anything. */
export function isOutcomeEmpty(outcome: RuleOutcome): boolean {
  return (
    outcome.status === null &&
    !outcome.isRead &&
    !outcome.isNotification &&
    outcome.assign === null &&
    outcome.clientOrganisationId === null &&
    outcome.workItemIds.length === 0
  );
}
