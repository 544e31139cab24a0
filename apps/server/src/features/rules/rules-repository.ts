// The rules' SQL (decision 025, migration 0030): rules under row-level security (own personal rules, the firm's
// rules), their stats, and the applied-log whose key makes each (message, rule, version) apply once.

import type { Rule } from '@ledgerdesk/domain/rules/rule-types';
import { and, asc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/db-types';
import { rowsOf } from '../../db/rows-of';
import { firmSharedMailboxes } from '../../db/schema/firms';
import { triageRuleApplications, triageRuleStats, triageRules } from '../../db/schema/triage-rules';
import { RULE_TYPE_KEY } from './outcome-row';

export type RuleRow = typeof triageRules.$inferSelect;

/** The columns a rule is judged by (the filing reads only these: no timestamps, creator or reason). */
type RuleFields = Pick<
  RuleRow,
  | 'id'
  | 'name'
  | 'firmId'
  | 'match'
  | 'conditions'
  | 'actions'
  | 'stopHere'
  | 'isEnabled'
  | 'position'
  | 'version'
>;

const ruleFields = {
  id: triageRules.id,
  name: triageRules.name,
  firmId: triageRules.firmId,
  match: triageRules.match,
  conditions: triageRules.conditions,
  actions: triageRules.actions,
  stopHere: triageRules.stopHere,
  isEnabled: triageRules.isEnabled,
  position: triageRules.position,
  version: triageRules.version,
};

export function toRule(row: RuleFields): Rule {
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

/**
 * The enabled rules that act on one of the owner's mailboxes: their personal rules, and their firm's when shared.
 * One statement (the sync asks it on every page of new mail: decision 025's < 5 ms).
 */
export async function listRulesForMailbox(
  tx: DbOrTx,
  mailbox: { userId: string; integrationId: string },
): Promise<{ rules: Rule[]; isShared: boolean }> {
  const sharedFirm = sql<string | null>`(select ${firmSharedMailboxes.firmId} from ${firmSharedMailboxes}
    where ${firmSharedMailboxes.emailIntegrationId} = ${mailbox.integrationId})`;
  const rows = await tx
    .select({ rule: ruleFields, sharedFirmId: sharedFirm })
    .from(triageRules)
    .where(
      and(
        or(eq(triageRules.userId, mailbox.userId), sql`${triageRules.firmId} = ${sharedFirm}`),
        eq(triageRules.isEnabled, true),
      ),
    )
    .orderBy(asc(triageRules.position));
  return {
    rules: rows.map((row) => toRule(row.rule)),
    isShared: rows.some((row) => row.sharedFirmId !== null),
  };
}

/**
 * A fingerprint of the rules that may act on a mailbox: the firm it is shared with and the versions of the rule
 * sets of its owner and of that firm (migration 0033: every write of one of their rules raises the version in the
 * writing transaction), with how many rules there are. Equal fingerprints, equal rules; a sync page reads this
 * one short row (a function planned once per connection) instead of 100 rules' JSON (decision 025).
 */
export async function ruleSetStamp(
  tx: DbOrTx,
  mailbox: { userId: string; integrationId: string },
): Promise<{ stamp: string; isEmpty: boolean }> {
  const [row] = rowsOf<{ firm: string; rules: number; versions: string }>(
    await tx.execute(
      sql`select * from ledgerdesk_rule_set_stamp(${mailbox.userId}, ${mailbox.integrationId}::uuid)`,
    ),
  );
  if (!row) return { stamp: '', isEmpty: true };
  return { stamp: `${row.firm}:${row.versions}`, isEmpty: Number(row.rules) === 0 };
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

/** The caller's firm and whether they own it (null outside a firm). */
export async function callerFirm(tx: DbOrTx): Promise<{ firmId: string; isOwner: boolean } | null> {
  const [row] = rowsOf<{ firm_id: string | null; is_owner: boolean | null }>(
    await tx.execute(sql`select f.id::text as firm_id, ledgerdesk_is_firm_owner(f.id) as is_owner
      from (select ledgerdesk_current_firm_id() as id) f`),
  );
  return row?.firm_id ? { firmId: row.firm_id, isOwner: row.is_owner === true } : null;
}

/** Personal rules of the user, or the rules of a firm, by position. */
export async function listRules(tx: DbOrTx, owner: RuleOwner): Promise<RuleRow[]> {
  return tx
    .select()
    .from(triageRules)
    .where(ownerIs(owner))
    .orderBy(asc(triageRules.position), asc(triageRules.createdAt));
}

export type RuleOwner = { userId: string; firmId: null } | { userId: null; firmId: string };

const ownerIs = (owner: RuleOwner) =>
  owner.firmId ? eq(triageRules.firmId, owner.firmId) : eq(triageRules.userId, owner.userId ?? '');

export async function countRules(tx: DbOrTx, owner: RuleOwner): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(triageRules).where(ownerIs(owner));
  return Number(row?.n ?? 0);
}

export async function insertRule(
  tx: DbOrTx,
  owner: RuleOwner,
  rule: Pick<RuleRow, 'name' | 'match' | 'conditions' | 'actions' | 'stopHere' | 'isEnabled'> & {
    createdBy: string;
  },
): Promise<RuleRow> {
  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${triageRules.position}), 0) + 1` })
    .from(triageRules)
    .where(ownerIs(owner));
  const [row] = await tx
    .insert(triageRules)
    .values({ ...rule, userId: owner.userId, firmId: owner.firmId, position: Number(position?.next ?? 1) })
    .returning();
  if (!row) throw new Error('inserting the rule returned no row');
  return row;
}

/** A rule the caller can see (own personal rules, their firm's); null when there is none. */
export async function findRule(tx: DbOrTx, id: string): Promise<RuleRow | null> {
  const [row] = await tx.select().from(triageRules).where(eq(triageRules.id, id));
  return row ?? null;
}

/** Writes an edit as a new version (row-level security refuses another's rule: no row). */
export async function updateRule(
  tx: DbOrTx,
  id: string,
  patch: Partial<Pick<RuleRow, 'name' | 'match' | 'conditions' | 'actions' | 'stopHere' | 'isEnabled'>>,
): Promise<RuleRow | null> {
  const [row] = await tx
    .update(triageRules)
    .set({
      ...patch,
      version: sql`${triageRules.version} + 1`,
      ...(patch.isEnabled === true ? { disabledReason: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(triageRules.id, id))
    .returning();
  return row ?? null;
}

export async function deleteRule(tx: DbOrTx, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(triageRules)
    .where(eq(triageRules.id, id))
    .returning({ id: triageRules.id });
  return deleted.length > 0;
}

/** Sets positions 1..n in the order given (ids already checked to be exactly the owner's rules). */
export async function reorderRules(tx: DbOrTx, ids: readonly string[]): Promise<void> {
  await tx.execute(sql`
    update triage_rules r set position = p.position, updated_at = now()
    from (select value::uuid as id, ordinality::int as position
      from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality) p
    where r.id = p.id`);
}

/** Which of these mailboxes the caller owns, and which are shared with their firm. */
export async function mailboxesOf(
  tx: DbOrTx,
  userId: string,
): Promise<{ own: Set<string>; shared: Set<string> }> {
  const own = rowsOf<{ id: string }>(
    await tx.execute(sql`select id::text from email_integrations where user_id = ${userId}`),
  ).map((row) => row.id);
  const shared = rowsOf<{ id: string }>(
    await tx.execute(sql`select integration_id::text as id from ledgerdesk_shared_mailboxes()`),
  ).map((row) => row.id);
  return { own: new Set(own), shared: new Set(shared) };
}

/** Which of these client organisations the caller can see. */
export async function visibleOrganisations(tx: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set(
    rowsOf<{ id: string }>(
      await tx.execute(sql`select id::text from client_organisations
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`),
    ).map((row) => row.id),
  );
}

/** Stored items a rule may be previewed on: main-view items received since `since`, with what rules read. */
export async function listPreviewItems(
  tx: DbOrTx,
  options: {
    userId: string;
    scope: 'personal' | 'firm';
    since: Date;
    where?: SQL;
    /** The texts the rule reads beside sender and subject (left out, they are not sent from the database). */
    reads?: { body: boolean; recipients: boolean };
    /**
     * Only the items of the newest this-many threads, each row carrying the count of every matching thread
     * (`threadCount`): for a filter that decides alone (preview-filter.ts isExactInSql), the database counts
     * and sends the few threads listed instead of every matching item.
     */
    threadsLimit?: number;
  },
): Promise<PreviewItemRow[]> {
  const reads = options.reads ?? { body: true, recipients: true };
  const owners =
    options.scope === 'personal'
      ? sql`t.user_id = ${options.userId}`
      : sql`t.email_integration_id in (select integration_id from ledgerdesk_shared_mailboxes())`;
  // The rule's own filter comes before the main-view checks on the metadata: PostgreSQL keeps the written order
  // of equally cheap conditions, so the few rows a text condition leaves are the only ones whose JSON is read.
  const matching = sql`${owners} and t.time >= ${options.since.toISOString()}::timestamptz
        and ${options.where ?? sql`true`}
        and t.email_message_id is not null and t.email_integration_id is not null
        and t.status in ('inbox', 'later', 'low_priority', 'scheduled')
        and coalesce(t.metadata->>'exchange_folder_state', '') not in ('archive', 'archived', 'deleted')
        and t.metadata->'link' is null`;
  const select = (where: SQL) => sql`
      select t.id, t.user_id as "userId", t.email_integration_id as "mailboxId", t.email_message_id as "messageId",
        t.thread_key as "threadKey", t.from_address as "fromAddress", t.subject,
        ${reads.body ? sql`t.preview_content` : sql`null`} as "preview", t.type, t.time,
        ${reads.recipients ? sql`t.metadata->'to'` : sql`null`} as "to",
        ${reads.recipients ? sql`t.metadata->'cc'` : sql`null`} as "cc",
        coalesce((t.metadata->>'has_attachments')::boolean, false) as "hasAttachments"
      from triage_items t
      where ${where}
      order by t.time desc`;
  if (options.threadsLimit === undefined) return rowsOf<PreviewItemRow>(await tx.execute(select(matching)));
  // Counted and chosen by the database in one pass (thread keys only), then the chosen threads' items by index.
  const newest = rowsOf<{ user_id: string; thread_key: string; total: number }>(
    await tx.execute(sql`
      select t.user_id, t.thread_key, count(*) over ()::int as total
      from triage_items t where ${matching}
      group by t.user_id, t.thread_key
      order by max(t.time) desc, t.thread_key
      limit ${options.threadsLimit}`),
  );
  if (newest.length === 0) return [];
  const threads = JSON.stringify(newest.map((row) => ({ user_id: row.user_id, thread_key: row.thread_key })));
  const rows = rowsOf<PreviewItemRow>(
    await tx.execute(
      select(sql`(t.user_id, t.thread_key) in (select p.user_id, p.thread_key
        from jsonb_to_recordset(${threads}::jsonb) as p(user_id text, thread_key text)) and ${matching}`),
    ),
  );
  const threadCount = newest[0]?.total ?? 0;
  return rows.map((row) => ({ ...row, threadCount }));
}

export type PreviewItemRow = {
  id: string;
  userId: string;
  mailboxId: string;
  messageId: string;
  threadKey: string;
  fromAddress: string | null;
  subject: string | null;
  preview: string | null;
  type: string;
  time: Date | string;
  to: unknown;
  cc: unknown;
  hasAttachments: boolean;
  /** With `threadsLimit`: how many threads matched in all. */
  threadCount?: number;
};

/**
 * A rule's Move to Notifications on stored items, as the filing writes it on new ones (outcome-row.ts): the type,
 * and `rule_type` that keeps it through later syncs. Answers the items it changed with their type before.
 */
export async function moveToNotifications(
  tx: DbOrTx,
  ownerId: string,
  ids: readonly string[],
): Promise<{ id: string; type: 'email' | 'mention' }[]> {
  if (ids.length === 0) return [];
  return rowsOf<{ id: string; type: 'email' | 'mention' }>(
    await tx.execute(sql`
      with old as (
        select id, type from triage_items
        where user_id = ${ownerId} and type <> 'notification'
          and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
      )
      update triage_items t set type = 'notification', updated_at = now(),
        metadata = t.metadata || jsonb_build_object(${RULE_TYPE_KEY}::text, 'notification',
          'notification_sender', coalesce(t.metadata->>'notification_sender', t.from_address, ''))
      from old where t.id = old.id
      returning t.id::text, old.type`),
  );
}
