// The rules' SQL (issue 31, migration 0030): rules under row-level security (own personal rules, the firm's
// rules), their stats, and the applied-log whose key makes each (message, rule, version) apply once.
import type { Rule } from '@ledgerdesk/domain/rules/rule-types';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/db-types';
import { rowsOf } from '../../db/rows-of';
import { firmSharedMailboxes } from '../../db/schema/firms';
import { triageRuleApplications, triageRuleStats, triageRules } from '../../db/schema/triage-rules';

export type RuleRow = typeof triageRules.$inferSelect;

export function toRule(row: RuleRow): Rule {
  return {
    id: row.id,
    name: row.name,
    scope: row.firmId ? 'firm' : 'personal',
    match: row.match,
    conditions: row.conditions,
    actions: row.actions,
    stopHere: row.stopHere,
    isEnabled: row.isEnabled,
    position: row.position,
    version: row.version,
  };
}

/** Whether a mailbox is shared with the caller's firm, and which firm (the sync runs as the mailbox's owner). */
export async function sharedMailboxFirm(tx: DbOrTx, integrationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ firmId: firmSharedMailboxes.firmId })
    .from(firmSharedMailboxes)
    .where(eq(firmSharedMailboxes.emailIntegrationId, integrationId));
  return row?.firmId ?? null;
}

/** The enabled rules that act on one of the owner's mailboxes: their personal rules, and their firm's when shared. */
export async function listRulesForMailbox(
  tx: DbOrTx,
  mailbox: { userId: string; integrationId: string },
): Promise<{ rules: Rule[]; isShared: boolean }> {
  const firmId = await sharedMailboxFirm(tx, mailbox.integrationId);
  const owner = firmId
    ? sql`(${triageRules.userId} = ${mailbox.userId} or ${triageRules.firmId} = ${firmId}::uuid)`
    : eq(triageRules.userId, mailbox.userId);
  const rows = await tx
    .select()
    .from(triageRules)
    .where(and(owner, eq(triageRules.isEnabled, true)))
    .orderBy(asc(triageRules.position));
  return { rules: rows.map(toRule), isShared: firmId !== null };
}

export type Application = {
  integrationId: string;
  messageId: string;
  ruleId: string;
  version: number;
  userId: string;
  label: string;
};

const keyOf = (row: { integrationId: string; messageId: string; ruleId: string; version: number }) =>
  `${row.integrationId}\u0000${row.messageId}\u0000${row.ruleId}\u0000${row.version}`;

/**
 * Claims the applications in one statement; answers the keys this transaction claimed. A key already there (a
 * re-sync, another node) is not claimed again, and a concurrent claim waits for the first to commit or roll back.
 */
export async function claimApplications(tx: DbOrTx, rows: readonly Application[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const claimed = await tx
    .insert(triageRuleApplications)
    .values(
      rows.map((row) => ({
        emailIntegrationId: row.integrationId,
        emailMessageId: row.messageId,
        ruleId: row.ruleId,
        ruleVersion: row.version,
        userId: row.userId,
        label: row.label,
      })),
    )
    .onConflictDoNothing()
    .returning({
      integrationId: triageRuleApplications.emailIntegrationId,
      messageId: triageRuleApplications.emailMessageId,
      ruleId: triageRuleApplications.ruleId,
      version: triageRuleApplications.ruleVersion,
    });
  return new Set(claimed.map(keyOf));
}

export const applicationKey = keyOf;

/** Notes the item, its thread and the undo record on a message's claimed applications. */
export async function completeApplications(
  tx: DbOrTx,
  rows: readonly { integrationId: string; messageId: string; itemId: string; actionId: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update triage_rule_applications a
    set triage_item_id = p.item_id, action_id = p.action_id, thread_key = t.thread_key
    from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ integration_id: row.integrationId, message_id: row.messageId, item_id: row.itemId, action_id: row.actionId })))}::jsonb)
      as p(integration_id uuid, message_id text, item_id uuid, action_id uuid)
    join triage_items t on t.id = p.item_id
    where a.email_integration_id = p.integration_id and a.email_message_id = p.message_id
      and a.triage_item_id is null`);
}

/** Adds to the rules' match counts (definer: a member's sync counts a firm rule it cannot edit). */
export async function countMatches(tx: DbOrTx, counts: ReadonlyMap<string, number>, at: Date): Promise<void> {
  if (counts.size === 0) return;
  await tx.execute(
    sql`select ledgerdesk_count_rule_matches(${JSON.stringify(Object.fromEntries(counts))}::jsonb, ${at.toISOString()}::timestamptz)`,
  );
}

/** Switches a rule off with the reason; answers its name when it was on (to send one notice). */
export async function switchOffRule(tx: DbOrTx, ruleId: string, reason: string): Promise<string | null> {
  const [row] = rowsOf<{ name: string | null }>(
    await tx.execute(sql`select ledgerdesk_switch_off_rule(${ruleId}::uuid, ${reason}) as name`),
  );
  return row?.name ?? null;
}

/** The rule applications of a thread, oldest first (its history). */
export async function listThreadApplications(
  tx: DbOrTx,
  thread: { ownerId: string; threadKey: string },
): Promise<
  { ruleId: string; label: string; actionId: string | null; appliedAt: Date; undoneAt: Date | null }[]
> {
  return rowsOf<{
    ruleId: string;
    label: string;
    actionId: string | null;
    appliedAt: Date;
    undoneAt: Date | null;
  }>(
    await tx.execute(sql`
      select a.rule_id as "ruleId", a.label, a.action_id as "actionId", a.applied_at as "appliedAt",
        x.undone_at as "undoneAt"
      from triage_rule_applications a left join triage_actions x on x.id = a.action_id
      where a.user_id = ${thread.ownerId} and a.thread_key = ${thread.threadKey}
      order by a.applied_at, a.rule_id`),
  );
}

/** Match counts and last match of the given rules. */
export async function listRuleStats(
  tx: DbOrTx,
  ruleIds: readonly string[],
): Promise<Map<string, { matchCount: number; lastMatchedAt: Date | null }>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(triageRuleStats)
    .where(and(inArray(triageRuleStats.ruleId, [...ruleIds]), isNotNull(triageRuleStats.ruleId)));
  return new Map(
    rows.map((row) => [row.ruleId, { matchCount: row.matchCount, lastMatchedAt: row.lastMatchedAt }]),
  );
}

/** The client organisations each sender resolves to (contact address first, then a claimed domain). */
export async function clientOrganisationsOf(
  tx: DbOrTx,
  addresses: readonly string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (addresses.length === 0) return result;
  const rows = rowsOf<{ address: string; organisation_id: string }>(
    await tx.execute(sql`
      with a as (select distinct lower(x) as address from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb) x)
      select a.address, c.organisation_id from a join client_contacts c on lower(c.email) = a.address
        where c.organisation_id is not null
      union
      select a.address, o.id from a join client_organisations o
        on split_part(a.address, '@', 2) = any(o.domains)`),
  );
  for (const row of rows) result.set(row.address, [...(result.get(row.address) ?? []), row.organisation_id]);
  return result;
}
