import {
  RULE_PREVIEW_HEADER_NOTE,
  type RulePreviewResponse,
  type RulePreviewThread,
} from '@ledgerdesk/domain/api/rules-endpoints';
import { evaluatePreparedRules, prepareRules, ruleMessageOf } from '@ledgerdesk/domain/rules/evaluate-rules';
import {
  RULE_PREVIEW_DAYS,
  RULE_PREVIEW_LIST_MAX,
  type Rule,
  rulePreviewText,
} from '@ledgerdesk/domain/rules/rule-types';
import { senderAddressKey } from '@ledgerdesk/domain/triage/automated-mail';
import type { Tx } from '../../db/with-user';
import { isExactInSql, previewFilter } from './preview-filter';
import {
  clientOrganisationsOf,
  listPreviewItems,
  mailboxesOf,
  type PreviewItemRow,
} from './rules-repository';

const addresses = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/**
 * The stored items (main views, last 30 days) a rule matches, by thread, newest first: narrowed in SQL
 * (preview-filter.ts), then judged by the same evaluator as the
 * filing. With `threadsLimit`, for a rule SQL decides alone, only the newest threads' items are read and the
 * database counts them all (`threadCount`).
 */
export async function matchStoredItems(
  tx: Tx,
  userId: string,
  rule: Rule,
  now: Date,
  options: { threadsLimit?: number } = {},
): Promise<{ threads: RulePreviewThread[]; items: PreviewItemRow[]; threadCount: number }> {
  const since = new Date(now.getTime() - RULE_PREVIEW_DAYS * 86_400_000);
  // SQL narrows the window's items by the conditions it can answer; the rules' own evaluator judges the rest.
  const reads = {
    body: rule.conditions.some((condition) => condition.kind === 'body_contains'),
    recipients: rule.conditions.some((condition) => condition.kind === 'recipient_includes'),
  };
  const rows = await listPreviewItems(tx, {
    userId,
    scope: rule.scope,
    since,
    where: previewFilter(rule),
    reads,
    ...(options.threadsLimit !== undefined && isExactInSql(rule)
      ? { threadsLimit: options.threadsLimit }
      : {}),
  });
  const { shared } = await mailboxesOf(tx, userId);
  const needsClients = rule.conditions.some((condition) => condition.kind === 'from_client');
  const clients = needsClients
    ? await clientOrganisationsOf(
        tx,
        rows.flatMap((row) => (row.fromAddress ? [row.fromAddress.replace(/^.*<([^<>]*)>\s*$/, '$1')] : [])),
      )
    : new Map<string, string[]>();
  const prepared = prepareRules([{ ...rule, isEnabled: true, stopHere: false }]);
  const matched = rows.filter((row) => {
    const message = ruleMessageOf({
      fromAddress: row.fromAddress,
      to: addresses(row.to),
      cc: addresses(row.cc),
      subject: row.subject,
      body: row.preview,
      hasAttachments: row.hasAttachments,
      isAutomated: row.type === 'notification',
      mailboxId: row.mailboxId,
      isSharedMailbox: shared.has(row.mailboxId),
      clientOrganisationIds: needsClients
        ? (clients.get(row.fromAddress ? senderAddressKey(row.fromAddress) : '') ?? [])
        : [],
    });
    return evaluatePreparedRules(prepared, message).length > 0;
  });
  const byThread = new Map<string, RulePreviewThread>();
  for (const row of matched) {
    const key = `${row.userId}\u0000${row.threadKey}`;
    const thread = byThread.get(key);
    if (thread) thread.itemIds.push(row.id);
    else
      byThread.set(key, {
        threadKey: row.threadKey,
        subject: row.subject,
        fromAddress: row.fromAddress,
        lastActivity: new Date(row.time).toISOString(),
        itemIds: [row.id],
        mailboxId: row.mailboxId,
      });
  }
  const threads = [...byThread.values()];
  const counted = rows[0]?.threadCount;
  return { threads, items: matched, threadCount: counted ?? threads.length };
}

/** "This rule would have matched 14 threads in the last 30 days", with the list. */
export async function previewRule(
  tx: Tx,
  userId: string,
  rule: Rule,
  now: Date,
): Promise<RulePreviewResponse> {
  const { threads, threadCount } = await matchStoredItems(tx, userId, rule, now, {
    threadsLimit: RULE_PREVIEW_LIST_MAX,
  });
  const hasHeaders = rule.conditions.some((c) => c.kind === 'header_present' || c.kind === 'header_equals');
  return {
    count: threadCount,
    text: rulePreviewText(threadCount),
    threads: threads.slice(0, RULE_PREVIEW_LIST_MAX),
    note: hasHeaders ? RULE_PREVIEW_HEADER_NOTE : null,
  };
}
