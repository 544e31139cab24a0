/** A thread as its data owner's rows name it. */
export type RuleThread = { ownerId: string; mailboxId: string; threadKey: string };

/**
 * What a rule's thread-level actions changed on one thread (Assign, Set client, Add to work), kept in the action's
 * undo record beside the item's triage state so that Undo takes them back too (decision 025).
 */
export type RuleEffects = {
  thread: RuleThread;
  ruleName: string;
  /** The rule's assignee, and the thread's assignee before it (null: it was unassigned). */
  assignment?: { assigneeUserId: string; previous: { userId: string; name: string } | null };
  /** The sender's contact: the organisation the rule set, the one before, and whether the rule added the contact. */
  client?: { email: string; organisationId: string; previousOrganisationId: string | null; isNew: boolean };
  /** The work items the rule filed the thread to (those it was filed to already are not named). */
  workItemIds?: string[];
};

export function hasRuleEffects(effects: RuleEffects | null | undefined): effects is RuleEffects {
  return Boolean(effects && (effects.assignment || effects.client || (effects.workItemIds?.length ?? 0) > 0));
}
