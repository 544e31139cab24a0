import type { RuleMatch } from '@ledgerdesk/domain/rules/evaluate-rules';
import { RULE_FAILURE_REASONS, ruleSwitchedOffNotice } from '@ledgerdesk/domain/rules/rule-messages';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import type { Tx } from '../../db/with-user';
import type { NewMessage } from '../../mail';
import { notifyUser } from '../../realtime/user-notices';
import { firmMembers } from '../access';
import { switchOffRule } from './rules-repository';

/** The notice kind of a rule switched off by the engine. */
export const RULE_SWITCHED_OFF_KIND = 'rule-switched-off';

type Claimed = { entry: NewMessage; matches: RuleMatch[] };

/** Why a rule can no longer act here, or null: its assignee left the firm, or its client was deleted. */
function failureOf(
  match: RuleMatch,
  members: ReadonlySet<string>,
  clients: ReadonlySet<string>,
): string | null {
  for (const action of match.actions) {
    if (action.kind === 'assign' && !members.has(action.assigneeUserId))
      return RULE_FAILURE_REASONS.assigneeGone;
    if (action.kind === 'set_client' && !clients.has(action.organisationId))
      return RULE_FAILURE_REASONS.clientGone;
  }
  return null;
}

/**
 * Switches off every matched rule that can no longer act (a member removed, a client deleted), with a notice to
 * the mailbox's owner, and answers the matches without them: a broken rule never blocks a sync.
 */
export async function dropBrokenRules(
  tx: Tx,
  mailbox: { userId: string },
  claimed: readonly Claimed[],
): Promise<Claimed[]> {
  const actions = claimed.flatMap(({ matches }) => matches.flatMap((match) => match.actions));
  const needsMembers = actions.some((action) => action.kind === 'assign');
  const clientIds = actions.flatMap((action) =>
    action.kind === 'set_client' ? [action.organisationId] : [],
  );
  if (!needsMembers && clientIds.length === 0) return [...claimed];
  const members = new Set(needsMembers ? (await firmMembers(tx)).map((member) => member.userId) : []);
  const clients = new Set(
    clientIds.length === 0
      ? []
      : rowsOf<{ id: string }>(
          await tx.execute(sql`select id::text from client_organisations
            where id in (select jsonb_array_elements_text(${JSON.stringify(clientIds)}::jsonb)::uuid)`),
        ).map((row) => row.id),
  );
  const broken = new Map<string, string>();
  for (const { matches } of claimed)
    for (const match of matches) {
      const reason = failureOf(match, members, clients);
      if (reason) broken.set(match.rule.id, reason);
    }
  for (const [ruleId, reason] of broken) {
    const name = await switchOffRule(tx, ruleId, reason);
    if (name)
      await notifyUser(tx, mailbox.userId, {
        kind: RULE_SWITCHED_OFF_KIND,
        title: 'Rule Switched Off',
        description: ruleSwitchedOffNotice(name, reason),
      });
  }
  return claimed
    .map(({ entry, matches }) => ({ entry, matches: matches.filter((match) => !broken.has(match.rule.id)) }))
    .filter((candidate) => candidate.matches.length > 0);
}
