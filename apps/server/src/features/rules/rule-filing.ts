// Rules applied as mail is filed (decision 025): the sync's filing hook. In the page's transaction, before
// its new rows are inserted, each new inbox message is matched; the first claim of (message, rule, version) in the
// applied-log wins, so two nodes or a re-sync never apply a rule twice; the rows are inserted already in the state
// the rules give them (mail a rule clears never reaches the new-items count), and each message's action is then
// recorded like a person's (undo record, outbox changes, origin "rule").

import {
  evaluatePreparedRules,
  type PreparedRules,
  prepareRules,
  type RuleMatch,
  ruleMessageOf,
} from '@ledgerdesk/domain/rules/evaluate-rules';
import { isOutcomeEmpty, planRuleOutcome } from '@ledgerdesk/domain/rules/plan-rule-outcome';
import type { Rule } from '@ledgerdesk/domain/rules/rule-types';
import { ruleHistoryLabel } from '@ledgerdesk/domain/rules/rule-types';
import { NO_AUTOMATION_SIGNALS } from '@ledgerdesk/domain/triage/automated-mail';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/with-user';
import type { FilingHook, NewMessage, NewRow } from '../../mail';
import type { Clock } from '../../time/clock';
import { dropBrokenRules } from './broken-rules';
import { filedRow } from './outcome-row';
import { type FiledDecision, recordRuleActions } from './record-rule-actions';
import {
  applicationKey,
  claimApplications,
  clientOrganisationsOf,
  listRulesForMailbox,
  ruleSetStamp,
} from './rules-repository';

type Mailbox = { userId: string; integrationId: string };

function ruleMessage(
  entry: NewMessage,
  mailbox: Mailbox,
  isShared: boolean,
  clients: Map<string, string[]> | null,
) {
  const { message, row } = entry;
  return ruleMessageOf({
    fromAddress: row.fromAddress ?? null,
    to: message.to,
    cc: message.cc,
    subject: message.subject,
    body: `${row.previewContent ?? ''}\n${message.bodyText}`,
    hasAttachments: message.hasAttachments,
    isAutomated: row.type === 'notification',
    signals: message.automation ?? NO_AUTOMATION_SIGNALS,
    mailboxId: mailbox.integrationId,
    isSharedMailbox: isShared,
    clientOrganisationIds: clients?.get(message.from?.address.toLowerCase() ?? '') ?? [],
  });
}

/** The rules acting on a mailbox, prepared for a page. */
type RuleSet = { rules: Rule[]; prepared: PreparedRules; isShared: boolean };

/** Mailboxes whose rules one node keeps prepared between pages (least recently used dropped first). */
const RULE_SETS_KEPT = 1_000;

/**
 * The rules of each mailbox, read again only when their fingerprint changed (rules-repository `ruleSetStamp`): a
 * page with new mail then costs one short statement instead of reading every rule's JSON (decision 025: < 5 ms).
 */
function createRuleSets() {
  const kept = new Map<string, { stamp: string; set: RuleSet }>();
  return async (tx: Tx, mailbox: Mailbox): Promise<RuleSet | null> => {
    const { stamp, isEmpty } = await ruleSetStamp(tx, mailbox);
    if (isEmpty) return null;
    const key = `${mailbox.userId}\u0000${mailbox.integrationId}`;
    const found = kept.get(key);
    kept.delete(key);
    if (found && found.stamp === stamp) {
      kept.set(key, found);
      return found.set;
    }
    const { rules, isShared } = await listRulesForMailbox(tx, mailbox);
    const set = { rules, prepared: prepareRules(rules), isShared };
    kept.set(key, { stamp, set });
    if (kept.size > RULE_SETS_KEPT) kept.delete(kept.keys().next().value as string);
    return set;
  };
}

/** Matches a page's new inbox messages; answers each message with the matches it claimed in the applied-log. */
async function claimMatches(
  tx: Tx,
  mailbox: Mailbox,
  messages: readonly NewMessage[],
  ruleSet: RuleSet | null,
): Promise<{ entry: NewMessage; matches: RuleMatch[] }[]> {
  if (!ruleSet || ruleSet.rules.length === 0) return [];
  const { rules, prepared, isShared } = ruleSet;
  const inbox = messages.filter((entry) => entry.message.folder === 'inbox' && entry.row.emailMessageId);
  const needsClients = rules.some((rule) => rule.conditions.some((c) => c.kind === 'from_client'));
  const clients = needsClients
    ? await clientOrganisationsOf(
        tx,
        inbox.flatMap((entry) => (entry.message.from ? [entry.message.from.address] : [])),
      )
    : null;
  const matched: { entry: NewMessage; matches: RuleMatch[] }[] = [];
  for (const entry of inbox) {
    const matches = evaluatePreparedRules(prepared, ruleMessage(entry, mailbox, isShared, clients));
    if (matches.length > 0) matched.push({ entry, matches });
  }
  const keyed = matched.flatMap(({ entry, matches }) =>
    matches.map((match) => ({
      integrationId: mailbox.integrationId,
      messageId: entry.row.emailMessageId ?? '',
      ruleId: match.rule.id,
      version: match.rule.version,
      userId: mailbox.userId,
      label: ruleHistoryLabel(match.rule.name, match.actions),
    })),
  );
  const claimed = await claimApplications(tx, keyed);
  return matched
    .map(({ entry, matches }) => ({
      entry,
      matches: matches.filter((match) =>
        claimed.has(
          applicationKey({
            integrationId: mailbox.integrationId,
            messageId: entry.row.emailMessageId ?? '',
            ruleId: match.rule.id,
            version: match.rule.version,
          }),
        ),
      ),
    }))
    .filter((candidate) => candidate.matches.length > 0);
}

/** The sync's filing hook: rules of the mailbox's owner (and of their firm, on a shared mailbox). */
export function createRuleFiling(options: { log: FastifyBaseLogger; clock: Clock }): FilingHook {
  const ruleSetOf = createRuleSets();
  return {
    async prepare(tx, mailbox, messages) {
      const claimed = await claimMatches(tx, mailbox, messages, await ruleSetOf(tx, mailbox));
      if (claimed.length === 0) return null;
      const usable = await dropBrokenRules(tx, mailbox, claimed);
      const now = options.clock.now();
      const decisions = new Map<string, FiledDecision>();
      for (const { entry, matches } of usable) {
        const outcome = planRuleOutcome(matches);
        if (isOutcomeEmpty(outcome)) continue;
        decisions.set(entry.row.emailMessageId ?? '', {
          original: entry.row,
          filed: filedRow(entry.row, outcome, now),
          outcome,
          matches,
        });
      }
      const rows: NewRow[] = messages.map(
        (entry) => decisions.get(entry.row.emailMessageId ?? '')?.filed ?? entry.row,
      );
      return {
        rows,
        finish: (inserted) => recordRuleActions(tx, mailbox, decisions, inserted, now),
      };
    },
    reportFailure(error, mailbox) {
      options.log.warn(
        { err: error, integrationId: mailbox.integrationId },
        'rules not applied to a sync page',
      );
    },
  };
}
