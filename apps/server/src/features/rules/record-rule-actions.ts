import type { RuleMatch } from '@ledgerdesk/domain/rules/evaluate-rules';
import type { RuleOutcome } from '@ledgerdesk/domain/rules/plan-rule-outcome';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import { type ItemSnapshot, type NewRow, queueActionChanges } from '../../mail';
import { recordActions } from '../triage';
import { asFiledSnapshot, mailboxOperationsOf } from './outcome-row';
import { completeApplications, countMatches } from './rules-repository';
import { applyThreadActions, hasThreadAction } from './thread-actions';

/** One message the rules act on: the row as the sync mapped it, as the rules file it, and why. */
export type FiledDecision = { original: NewRow; filed: NewRow; outcome: RuleOutcome; matches: RuleMatch[] };

type Mailbox = { userId: string; integrationId: string };

/**
 * Records what the rules did to each inserted message, like a person's action (update-items.ts): one undo record
 * per message holding the item as the sync would have filed it, the mailbox changes in the outbox naming that
 * record, and the applied-log rows pointing at the item and the record (the thread's history); the thread-level
 * actions (assign, client, work) first, so that the record names what Undo takes back of them. Then the rules'
 * match counts.
 */
export async function recordRuleActions(
  tx: Tx,
  mailbox: Mailbox,
  decisions: ReadonlyMap<string, FiledDecision>,
  inserted: readonly { id: string; messageId: string }[],
  now: Date,
): Promise<void> {
  const completed: { integrationId: string; messageId: string; itemId: string; actionId: string }[] = [];
  const counts = new Map<string, number>();
  const withThreadAction = inserted.filter(({ messageId }) => {
    const decision = decisions.get(messageId);
    return decision !== undefined && hasThreadAction(decision.outcome);
  });
  const threadKeys = await threadKeysOf(
    tx,
    withThreadAction.map(({ id }) => id),
  );
  const records: { id: string; messageId: string; decision: FiledDecision; previous: ItemSnapshot }[] = [];
  for (const { id, messageId } of inserted) {
    const decision = decisions.get(messageId);
    if (!decision) continue;
    for (const match of decision.matches) counts.set(match.rule.id, (counts.get(match.rule.id) ?? 0) + 1);
    const threadKey = threadKeys.get(id);
    const ruleEffects = threadKey
      ? await applyThreadActions(
          tx,
          { ownerId: mailbox.userId, mailboxId: mailbox.integrationId, threadKey },
          decision.outcome,
          decision.matches.at(-1)?.rule.name ?? '',
          {
            fromAddress: decision.original.fromAddress ?? null,
            subject: decision.original.subject ?? '',
            receivedAt: decision.original.time ?? now,
          },
        )
      : null;
    const previous = asFiledSnapshot(id, decision.original);
    records.push({
      id,
      messageId,
      decision,
      previous: ruleEffects ? { ...previous, ruleEffects } : previous,
    });
  }
  // One undo record per message (Undo from the thread), written for the whole page in one statement.
  const actionIds = await recordActions(
    tx,
    mailbox.userId,
    records.map((record) => [record.previous]),
    { actorId: mailbox.userId },
  );
  await queueActionChanges(
    tx,
    mailbox.userId,
    records.flatMap(({ id, messageId, decision, previous }, index) => {
      const { id: _id, ruleEffects: _effects, ...before } = previous;
      return mailboxOperationsOf(decision.original, decision.filed).map((operation) => ({
        actionId: actionIds[index] ?? null,
        itemId: id,
        integrationId: mailbox.integrationId,
        messageId,
        operation,
        previous: before,
      }));
    }),
  );
  for (const [index, { id, messageId }] of records.entries())
    completed.push({
      integrationId: mailbox.integrationId,
      messageId,
      itemId: id,
      actionId: actionIds[index] ?? '',
    });
  await completeApplications(tx, completed);
  await countMatches(tx, counts, now);
}

async function threadKeysOf(tx: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; thread_key: string }>(
    await tx.execute(sql`select id, thread_key from triage_items
      where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
  );
  return new Map(rows.map((row) => [row.id, row.thread_key]));
}
