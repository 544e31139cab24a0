import { domainOf } from '../firm/client-domains';
import { senderAddressKey } from '../triage/automated-mail';
import type { Rule, RuleAction, RuleCondition, RuleHeader, RuleMessage } from './rule-types';

/** One rule that matched a message, with the actions it takes there (assignment only on shared mailboxes). */
export type RuleMatch = { rule: Rule; actions: RuleAction[] };

const lower = (text: string) => text.toLowerCase();

const scopeOrder = (rule: Rule) => (rule.scope === 'personal' ? 0 : 1);

/** Whether one condition holds for a message (texts of the message are lower-cased already). */
export function conditionHolds(condition: RuleCondition, message: RuleMessage): boolean {
  return preparedHolds(prepareCondition(condition), message);
}

/** Whether a rule's conditions hold (all, or any) for a message. */
export function ruleMatches(rule: Rule, message: RuleMessage): boolean {
  if (rule.conditions.length === 0) return false;
  return rule.match === 'all'
    ? rule.conditions.every((condition) => conditionHolds(condition, message))
    : rule.conditions.some((condition) => conditionHolds(condition, message));
}

/**
 * A condition with its texts lower-cased once, for a page of messages: `needle` as written (contains), `value`
 * trimmed (equals), `domain` without a leading "@".
 */
type PreparedCondition = { condition: RuleCondition; needle: string; value: string; domain: string };

type PreparedRule = { rule: Rule; conditions: readonly PreparedCondition[] };

/**
 * Rules made ready to judge many messages (a sync page of 500 against 100 rules, issue 31): the enabled ones in
 * order (personal before firm, then by position), each condition's text lower-cased and trimmed once, and the
 * rules that need a given sender ("all" rules with a from-address or from-domain condition) indexed by it, so a
 * message is judged only by the rules its sender can satisfy and by those that name no sender.
 */
export type PreparedRules = {
  readonly rules: readonly PreparedRule[];
  /** Positions in `rules` of the rules that need no particular sender, ascending. */
  readonly anySender: readonly number[];
  readonly byAddress: ReadonlyMap<string, readonly number[]>;
  /** By domain: a rule needing "bank.test" is found from "mail.bank.test" too. */
  readonly byDomain: ReadonlyMap<string, readonly number[]>;
};

function prepareCondition(condition: RuleCondition): PreparedCondition {
  const needle = 'value' in condition ? lower(condition.value) : '';
  const value = needle.trim();
  return { condition, needle, value, domain: value.replace(/^@/, '') };
}

/** The sender an "all" rule cannot match without, if it names one. */
function senderGate(rule: PreparedRule): { address: string } | { domain: string } | null {
  if (rule.rule.match !== 'all') return null;
  const address = rule.conditions.find((entry) => entry.condition.kind === 'from_address');
  if (address && address.value !== '') return { address: address.value };
  const domain = rule.conditions.find((entry) => entry.condition.kind === 'from_domain');
  if (domain && domain.domain !== '') return { domain: domain.domain };
  return null;
}

const push = (map: Map<string, number[]>, key: string, index: number) => {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
};

export function prepareRules(rules: readonly Rule[]): PreparedRules {
  const ordered = rules
    .filter((rule) => rule.isEnabled)
    .sort((a, b) => scopeOrder(a) - scopeOrder(b) || a.position - b.position || a.id.localeCompare(b.id))
    .map((rule) => ({ rule, conditions: rule.conditions.map(prepareCondition) }));
  const anySender: number[] = [];
  const byAddress = new Map<string, number[]>();
  const byDomain = new Map<string, number[]>();
  ordered.forEach((rule, index) => {
    const gate = senderGate(rule);
    if (!gate) anySender.push(index);
    else if ('address' in gate) push(byAddress, gate.address, index);
    else push(byDomain, gate.domain, index);
  });
  return { rules: ordered, anySender, byAddress, byDomain };
}

/** The positions of the rules that may match a message from this sender, ascending. */
function candidatesFor(prepared: PreparedRules, message: RuleMessage): readonly number[] {
  const found: number[] = [...(prepared.byAddress.get(message.fromAddress) ?? [])];
  let domain = message.fromDomain;
  while (domain !== '') {
    for (const index of prepared.byDomain.get(domain) ?? []) found.push(index);
    const dot = domain.indexOf('.');
    domain = dot < 0 ? '' : domain.slice(dot + 1);
  }
  if (found.length === 0) return prepared.anySender;
  return [...prepared.anySender, ...found].sort((a, b) => a - b);
}

/** Whether one condition, its texts prepared, holds for a message: the one place conditions are judged. */
function preparedHolds(
  { condition, needle, value, domain }: PreparedCondition,
  message: RuleMessage,
): boolean {
  switch (condition.kind) {
    case 'from_address':
      return message.fromAddress !== '' && message.fromAddress === value;
    case 'from_domain':
      return (
        domain.length > 0 && (message.fromDomain === domain || message.fromDomain.endsWith(`.${domain}`))
      );
    case 'recipient_includes':
      return needle.length > 0 && message.recipients.some((address) => address.includes(needle));
    case 'subject_contains':
      return needle.length > 0 && message.subject.includes(needle);
    case 'body_contains':
      return needle.length > 0 && message.body.includes(needle);
    case 'header_equals':
      return lower((message.headers[condition.header] ?? '').trim()) === value;
    case 'from_client':
      return message.clientOrganisationIds.includes(condition.organisationId);
    case 'has_attachment':
      return message.hasAttachments;
    case 'is_automated':
      return message.isAutomated;
    case 'header_present':
      return (message.headers[condition.header] ?? '').trim() !== '';
    case 'mailbox_is':
      return message.mailboxId === condition.mailboxId;
  }
}

/**
 * The rules that act on a message, in order: enabled rules by position, firm rules only on a shared mailbox,
 * and none after a matching rule that says "stop here". Assignment is dropped outside shared mailboxes.
 */
export function evaluatePreparedRules(prepared: PreparedRules, message: RuleMessage): RuleMatch[] {
  const matches: RuleMatch[] = [];
  for (const index of candidatesFor(prepared, message)) {
    const { rule, conditions } = prepared.rules[index] as PreparedRule;
    if (rule.scope === 'firm' && !message.isSharedMailbox) continue;
    if (conditions.length === 0) continue;
    const holds =
      rule.match === 'all'
        ? conditions.every((condition) => preparedHolds(condition, message))
        : conditions.some((condition) => preparedHolds(condition, message));
    if (!holds) continue;
    const actions = rule.actions.filter((action) => action.kind !== 'assign' || message.isSharedMailbox);
    matches.push({ rule, actions });
    if (rule.stopHere) break;
  }
  return matches;
}

/** evaluatePreparedRules for one message (the rules prepared for it alone). */
export function evaluateRules(rules: readonly Rule[], message: RuleMessage): RuleMatch[] {
  return evaluatePreparedRules(prepareRules(rules), message);
}

/** What a message looks like to rules, from what the sync or the store knows of it. */
export function ruleMessageOf(input: {
  fromAddress: string | null;
  to: readonly string[];
  cc: readonly string[];
  subject: string | null;
  body: string | null;
  hasAttachments: boolean;
  isAutomated: boolean;
  headers?: Partial<Record<RuleHeader, string | null>>;
  mailboxId: string;
  isSharedMailbox: boolean;
  clientOrganisationIds?: readonly string[];
}): RuleMessage {
  const fromAddress = input.fromAddress ? senderAddressKey(input.fromAddress) : '';
  const headers: Partial<Record<RuleHeader, string>> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (typeof value === 'string') headers[name as RuleHeader] = value.slice(0, 1000);
  }
  return {
    fromAddress,
    fromDomain: domainOf(fromAddress),
    clientOrganisationIds: input.clientOrganisationIds ?? [],
    recipients: [...input.to, ...input.cc].map((address) => lower(senderAddressKey(address))),
    subject: lower(input.subject ?? ''),
    body: lower(input.body ?? ''),
    hasAttachments: input.hasAttachments,
    isAutomated: input.isAutomated,
    headers,
    mailboxId: input.mailboxId,
    isSharedMailbox: input.isSharedMailbox,
  };
}
