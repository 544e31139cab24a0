import { RULE_CONDITIONS_MAX, RULES_MAX_PER_OWNER } from './rule-types';

/** Every refusal of the rules API, in one place (the server answers them, tests import them). */
export const RULE_MESSAGES = {
  notFound: 'This rule was not found.',
  personalLimit: `You can have at most ${RULES_MAX_PER_OWNER} rules. Delete one to add another.`,
  firmLimit: `A firm can have at most ${RULES_MAX_PER_OWNER} rules. Delete one to add another.`,
  tooManyConditions: `A rule can have at most ${RULE_CONDITIONS_MAX} conditions.`,
  ownersOnly: 'Only owners of the firm can manage firm rules.',
  notInFirm: 'Firm rules need a firm: create or join one first.',
  mailboxNotYours: 'This mailbox is not one of yours.',
  mailboxNotShared: 'Firm rules act only on mailboxes shared with the firm.',
  assignNeedsShared: 'Assigning is only possible in rules for mailboxes shared with the firm.',
  assigneeNotMember: 'The assignee must be a member of your firm.',
  clientNotFound: 'This client was not found.',
  reorderMismatch: 'The order must list each of these rules exactly once.',
} as const;

/** The notice of a rule switched off because it can no longer act (a member removed, a client deleted). */
export function ruleSwitchedOffNotice(ruleName: string, reason: string): string {
  return `The rule '${ruleName}' was switched off: ${reason}`;
}

export const RULE_FAILURE_REASONS = {
  assigneeGone: 'the member it assigns to is no longer in the firm.',
  clientGone: 'the client it sets no longer exists.',
  notShared: 'the mailbox is no longer shared with the firm.',
} as const;
