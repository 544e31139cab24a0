import type { RuleApplyResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import type { ItemPatch } from '@ledgerdesk/domain/api/triage';
import { RULE_ACTION_LABELS, type Rule, ruleHistoryLabel } from '@ledgerdesk/domain/rules/rule-types';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { bulkUpdateItems } from '../triage/update-items';
import { matchStoredItems } from './preview-rule';
import { claimApplications, completeApplications } from './rules-repository';

/** Actions a stored item can take now as one bulk action; the others act on new mail only. */
const NOW_ACTIONS = new Set(['later', 'low_priority', 'clear', 'mark_read']);

function patchOf(rule: Rule): ItemPatch | null {
  const patch: ItemPatch = {};
  for (const action of rule.actions) {
    if (action.kind === 'later') patch.status = 'later';
    if (action.kind === 'low_priority') patch.status = 'low_priority';
    if (action.kind === 'clear') patch.status = 'cleared';
    if (action.kind === 'mark_read') patch.isRead = true;
  }
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * "Also apply to these now": the rule's triage actions on the threads its preview lists, as one bulk action with
 * one Undo (a bulk over several owners' shared mailboxes is one group, decision 012), noted in each thread's
 * history like a rule applied to new mail.
 */
export async function applyRuleNow(
  app: FastifyInstance,
  userId: string,
  rule: Rule,
  now: Date,
): Promise<RuleApplyResponse> {
  const { threads, items } = await withUser(app.db, userId, (tx) => matchStoredItems(tx, userId, rule, now));
  const skippedActions = rule.actions
    .filter((action) => !NOW_ACTIONS.has(action.kind))
    .map((action) => RULE_ACTION_LABELS[action.kind]);
  const patch = patchOf(rule);
  if (!patch || items.length === 0)
    return { updated: 0, threadCount: threads.length, actionId: null, skippedActions };
  const byOwner = new Map<string, typeof items>();
  for (const item of items) byOwner.set(item.userId, [...(byOwner.get(item.userId) ?? []), item]);
  const owners = [...byOwner.keys()].sort((a, b) =>
    a === userId ? -1 : b === userId ? 1 : a.localeCompare(b),
  );
  let firstActionId: string | null = null;
  let updated = 0;
  const label = ruleHistoryLabel(
    rule.name,
    rule.actions.filter((action) => NOW_ACTIONS.has(action.kind)),
  );
  for (const ownerId of owners) {
    const owned = byOwner.get(ownerId) ?? [];
    const answer = await bulkUpdateItems(
      app,
      ownerId,
      { ids: owned.map((item) => item.id), patch },
      { actorId: userId, groupId: firstActionId },
    );
    firstActionId ??= answer.actionId;
    updated += answer.updated;
    await withUser(app.db, ownerId, async (tx) => {
      const rows = owned.map((item) => ({
        integrationId: item.mailboxId,
        messageId: item.messageId,
        ruleId: rule.id,
        version: rule.version,
        userId: ownerId,
        label,
      }));
      await claimApplications(tx, rows);
      await completeApplications(
        tx,
        owned.map((item) => ({
          integrationId: item.mailboxId,
          messageId: item.messageId,
          itemId: item.id,
          actionId: answer.actionId,
        })),
      );
    });
  }
  return { updated, threadCount: threads.length, actionId: firstActionId, skippedActions };
}
