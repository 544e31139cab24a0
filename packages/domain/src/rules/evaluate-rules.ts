import { domainOf } from '../firm/client-domains';
import { senderAddressKey } from '../triage/automated-mail';
import type { Rule, RuleAction, RuleCondition, RuleHeader, RuleMessage } from './rule-types';

/** One rule that matched a message, with the actions it takes there (assignment only on shared mailboxes). */
export type RuleMatch = { rule: Rule; actions: RuleAction[] };

const lower = (text: string) => text.toLowerCase();

/** Whether the domain is `wanted` or one of its subdomains ("mail.bank.test" is under "bank.test"). */
function isUnderDomain(domain: string, wanted: string): boolean {
  const target = lower(wanted.trim()).replace(/^@/, '');
  return target.length > 0 && (domain === target || domain.endsWith(`.${target}`));
}

function contains(text: string, value: string): boolean {
  const needle = lower(value);
  return needle.length > 0 && text.includes(needle);
}

/** Whether one condition holds for a message (texts of the message are lower-cased already). */
export function conditionHolds(condition: RuleCondition, message: RuleMessage): boolean {
  switch (condition.kind) {
    case 'from_address':
      return message.fromAddress !== '' && message.fromAddress === lower(condition.value.trim());
    case 'from_domain':
      return isUnderDomain(message.fromDomain, condition.value);
    case 'from_client':
      return message.clientOrganisationIds.includes(condition.organisationId);
    case 'recipient_includes':
      return message.recipients.some((address) => contains(address, condition.value));
    case 'subject_contains':
      return contains(message.subject, condition.value);
    case 'body_contains':
      return contains(message.body, condition.value);
    case 'has_attachment':
      return message.hasAttachments;
    case 'is_automated':
      return message.isAutomated;
    case 'header_present':
      return (message.headers[condition.header] ?? '').trim() !== '';
    case 'header_equals':
      return lower((message.headers[condition.header] ?? '').trim()) === lower(condition.value.trim());
    case 'mailbox_is':
      return message.mailboxId === condition.mailboxId;
  }
}

/** Whether a rule's conditions hold (all, or any) for a message. */
export function ruleMatches(rule: Rule, message: RuleMessage): boolean {
  if (rule.conditions.length === 0) return false;
  return rule.match === 'all'
    ? rule.conditions.every((condition) => conditionHolds(condition, message))
    : rule.conditions.some((condition) => conditionHolds(condition, message));
}

/**
 * The rules that act on a message, in order: enabled rules by position, firm rules only on a shared mailbox,
 * and none after a matching rule that says "stop here". Assignment is dropped outside shared mailboxes.
 */
export function evaluateRules(rules: readonly Rule[], message: RuleMessage): RuleMatch[] {
  const ordered = [...rules].sort(
    (a, b) => scopeOrder(a) - scopeOrder(b) || a.position - b.position || a.id.localeCompare(b.id),
  );
  const matches: RuleMatch[] = [];
  for (const rule of ordered) {
    if (!rule.isEnabled) continue;
    if (rule.scope === 'firm' && !message.isSharedMailbox) continue;
    if (!ruleMatches(rule, message)) continue;
    const actions = rule.actions.filter((action) => action.kind !== 'assign' || message.isSharedMailbox);
    matches.push({ rule, actions });
    if (rule.stopHere) break;
  }
  return matches;
}

const scopeOrder = (rule: Rule) => (rule.scope === 'personal' ? 0 : 1);

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
