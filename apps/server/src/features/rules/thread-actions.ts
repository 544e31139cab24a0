import type { RuleOutcome } from '@ledgerdesk/domain/rules/plan-rule-outcome';
import { hasRuleEffects, type RuleEffects, type RuleThread } from '@ledgerdesk/domain/rules/rule-effects';
import type { Tx } from '../../db/with-user';
import type { ItemSnapshot } from '../../mail';
import { assignByRule, unassignByRule } from './assign-by-rule';
import { fileThreadToWork, setSenderClient, unlinkThread } from './thread-links';

/** The message that brought the thread to the rule: its sender, subject and time. */
type Source = { fromAddress: string | null; subject: string; receivedAt: Date };

/** Whether the outcome has an action on the thread rather than the item (Add to work, Set client, Assign). */
export const hasThreadAction = (outcome: RuleOutcome) =>
  outcome.workItemIds.length > 0 || outcome.clientOrganisationId !== null || outcome.assign !== null;

/**
 * A rule's thread-level actions, one code path for new mail (the filing hook) and "Also apply to these now":
 * Add to work, Set client, Assign. Answers what they changed, for the action's undo record, or null.
 */
export async function applyThreadActions(
  tx: Tx,
  thread: RuleThread,
  outcome: RuleOutcome,
  ruleName: string,
  source: Source,
): Promise<RuleEffects | null> {
  const effects: RuleEffects = { thread, ruleName };
  const filed = await fileThreadToWork(tx, thread, outcome.workItemIds, source.subject);
  if (filed.length > 0) effects.workItemIds = filed;
  if (outcome.clientOrganisationId) {
    const client = await setSenderClient(
      tx,
      thread.ownerId,
      outcome.clientOrganisationId,
      source.fromAddress,
    );
    if (client) effects.client = client;
  }
  if (outcome.assign) {
    const assignment = await assignByRule(tx, thread, outcome.assign, ruleName, source.receivedAt);
    if (assignment) effects.assignment = assignment;
  }
  return hasRuleEffects(effects) ? effects : null;
}

/** Undo's part: takes back the thread-level actions an undo record's items name (triage/undo-action.ts). */
export async function takeBackRuleEffects(tx: Tx, previous: readonly ItemSnapshot[]): Promise<void> {
  for (const item of previous) {
    const effects = item.ruleEffects;
    if (!hasRuleEffects(effects)) continue;
    if (effects.assignment) await unassignByRule(tx, effects.thread, effects.assignment, effects.ruleName);
    await unlinkThread(tx, effects);
  }
}
