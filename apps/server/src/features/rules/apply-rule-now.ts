import type { RuleApplyResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import type { ItemPatch } from '@ledgerdesk/domain/api/triage';
import { planRuleOutcome, type RuleOutcome } from '@ledgerdesk/domain/rules/plan-rule-outcome';
import { type Rule, ruleHistoryLabel } from '@ledgerdesk/domain/rules/rule-types';
import type { FastifyInstance } from 'fastify';
import { type Tx, withUser } from '../../db/with-user';
import type { ItemSnapshot } from '../../mail';
import { type AlsoDo, bulkUpdateItems, snoozeItems } from '../triage';
import { matchStoredItems } from './preview-rule';
import {
  claimApplications,
  completeApplications,
  moveToNotifications,
  type PreviewItemRow,
} from './rules-repository';
import { applyThreadActions, hasThreadAction } from './thread-actions';

/** The triage state the outcome gives: a person's bulk patch (the snooze time is set beside it). */
function patchOf(outcome: RuleOutcome): ItemPatch {
  const patch: ItemPatch = {};
  if (outcome.status) patch.status = outcome.status;
  if (outcome.isRead) patch.isRead = true;
  return patch;
}

/**
 * What the bulk does beside the patch, in its transaction, by the paths a person's Snooze and the filing hook
 * take: the snooze time, Move to Notifications, and the thread-level actions once per thread (Add to work, Set
 * client, Assign). Answers each item's additions to the undo record: its type before, the thread's effects.
 */
function alsoDoOf(
  rule: Rule,
  outcome: RuleOutcome,
  ownerId: string,
  rows: readonly PreviewItemRow[],
  now: Date,
): AlsoDo {
  return async (tx: Tx, items) => {
    const ids = items.map((item) => item.id);
    const more = new Map<string, Partial<ItemSnapshot>>();
    if (outcome.status === 'scheduled' && outcome.snoozeHours)
      await snoozeItems(tx, {
        ownerId,
        ids,
        until: new Date(now.getTime() + outcome.snoozeHours * 3_600_000),
      });
    if (outcome.isNotification)
      for (const moved of await moveToNotifications(tx, ownerId, ids))
        more.set(moved.id, { type: moved.type });
    if (!hasThreadAction(outcome)) return more;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const seen = new Set<string>();
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || seen.has(row.threadKey)) continue;
      seen.add(row.threadKey);
      const thread = { ownerId, mailboxId: row.mailboxId, threadKey: row.threadKey };
      const ruleEffects = await applyThreadActions(tx, thread, outcome, rule.name, {
        fromAddress: row.fromAddress,
        subject: row.subject ?? '',
        receivedAt: new Date(row.time),
      });
      if (ruleEffects) more.set(id, { ...more.get(id), ruleEffects });
    }
    return more;
  };
}

/**
 * "Also apply to these now": every action of the rule on the threads its preview lists, as one bulk action with
 * one Undo (a bulk over several owners' shared mailboxes is one group, decision 012): the triage state by a
 * person's bulk update, the rest by the filing hook's own paths (alsoDoOf). Noted in each thread's history like a
 * rule applied to new mail; Undo takes it all back (triage/undo-action.ts).
 */
export async function applyRuleNow(
  app: FastifyInstance,
  userId: string,
  rule: Rule,
  now: Date,
): Promise<RuleApplyResponse> {
  const { threads, items } = await withUser(app.db, userId, (tx) => matchStoredItems(tx, userId, rule, now));
  if (items.length === 0) return { updated: 0, threadCount: threads.length, actionId: null };
  const outcome = planRuleOutcome([{ rule, actions: rule.actions }]);
  const byOwner = new Map<string, PreviewItemRow[]>();
  for (const item of items) byOwner.set(item.userId, [...(byOwner.get(item.userId) ?? []), item]);
  const owners = [...byOwner.keys()].sort((a, b) =>
    a === userId ? -1 : b === userId ? 1 : a.localeCompare(b),
  );
  let firstActionId: string | null = null;
  let updated = 0;
  const label = ruleHistoryLabel(rule.name, rule.actions);
  for (const ownerId of owners) {
    const owned = byOwner.get(ownerId) ?? [];
    const answer = await bulkUpdateItems(
      app,
      ownerId,
      { ids: owned.map((item) => item.id), patch: patchOf(outcome) },
      { actorId: userId, groupId: firstActionId },
      alsoDoOf(rule, outcome, ownerId, owned, now),
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
  return { updated, threadCount: threads.length, actionId: firstActionId };
}
