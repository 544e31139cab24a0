import { RULE_MESSAGES } from '@ledgerdesk/domain/rules/rule-messages';
import type { RuleAction, RuleCondition, RuleScope } from '@ledgerdesk/domain/rules/rule-types';
import type { Tx } from '../../db/with-user';
import { badRequest } from '../../http/app-error';
import { firmMembers } from '../access';
import { mailboxesOf, visibleOrganisations } from './rules-repository';

/**
 * Refuses, with a clear 400, a rule naming what its owner cannot name: a mailbox not theirs (personal) or not
 * shared with the firm (firm), a client they cannot see, an assignee outside the firm, or assigning in a personal
 * rule outside a firm.
 */
export async function checkRuleReferences(
  tx: Tx,
  userId: string,
  rule: { scope: RuleScope; conditions: readonly RuleCondition[]; actions: readonly RuleAction[] },
): Promise<void> {
  const mailboxIds = rule.conditions.flatMap((c) => (c.kind === 'mailbox_is' ? [c.mailboxId] : []));
  if (mailboxIds.length > 0) {
    const { own, shared } = await mailboxesOf(tx, userId);
    for (const id of mailboxIds) {
      if (rule.scope === 'firm' && !shared.has(id)) throw badRequest(RULE_MESSAGES.mailboxNotShared);
      if (rule.scope === 'personal' && !own.has(id) && !shared.has(id))
        throw badRequest(RULE_MESSAGES.mailboxNotYours);
    }
  }
  const clientIds = [
    ...rule.conditions.flatMap((c) => (c.kind === 'from_client' ? [c.organisationId] : [])),
    ...rule.actions.flatMap((a) => (a.kind === 'set_client' ? [a.organisationId] : [])),
  ];
  if (clientIds.length > 0) {
    const visible = await visibleOrganisations(tx, clientIds);
    if (clientIds.some((id) => !visible.has(id))) throw badRequest(RULE_MESSAGES.clientNotFound);
  }
  const assignees = rule.actions.flatMap((a) => (a.kind === 'assign' ? [a.assigneeUserId] : []));
  if (assignees.length > 0) {
    const members = new Set((await firmMembers(tx)).map((member) => member.userId));
    if (members.size === 0) throw badRequest(RULE_MESSAGES.assignNeedsShared);
    if (assignees.some((id) => !members.has(id))) throw badRequest(RULE_MESSAGES.assigneeNotMember);
  }
}
