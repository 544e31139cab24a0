import { domainOf } from '../firm/client-domains';
import { type AutomationSignals, automationReason, senderAddressKey } from '../triage/automated-mail';
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

/** The texts a "contains" condition looks in. */
type TextField = 'subject' | 'body' | 'recipients';

/**
 * The rules waiting on one text of a message: `pattern` finds any of their needles at once (escaped, lower-cased,
 * so it only narrows; each needle is then checked on its own), and each entry names the rule it lets through.
 */
type TextGate = {
  readonly field: TextField;
  readonly pattern: RegExp;
  readonly entries: readonly { needle: string; index: number }[];
};

/**
 * Rules made ready to judge many messages (a sync page of 500 against 100 rules, decision 025): the enabled ones in
 * order (personal before firm, then by position), each condition's text lower-cased and trimmed once, and each
 * rule that can name what it needs indexed by it. An "all" rule needs one of its conditions (the sender's address
 * or domain, the mailbox, a text it contains, an attachment, automated mail); an "any" rule whose every condition
 * is of those kinds needs one of them. A message is then judged only by the rules something of it lets through
 * and by those that cannot be indexed (a header, a client), so mail no rule wants costs a few lookups and one
 * pattern test per text, not every rule's every condition.
 */
export type PreparedRules = {
  readonly rules: readonly PreparedRule[];
  /** Positions in `rules` of the rules every message is judged by, ascending. */
  readonly always: readonly number[];
  readonly byAddress: ReadonlyMap<string, readonly number[]>;
  /** By domain: a rule needing "bank.test" is found from "mail.bank.test" too. */
  readonly byDomain: ReadonlyMap<string, readonly number[]>;
  readonly byMailbox: ReadonlyMap<string, readonly number[]>;
  readonly withAttachment: readonly number[];
  readonly automated: readonly number[];
  readonly texts: readonly TextGate[];
};

function prepareCondition(condition: RuleCondition): PreparedCondition {
  const needle = 'value' in condition ? lower(condition.value) : '';
  const value = needle.trim();
  return { condition, needle, value, domain: value.replace(/^@/, '') };
}

/** What a condition lets through, if it can be indexed: the key under which its rule is found. */
type Key =
  | { kind: 'address' | 'domain' | 'mailbox'; key: string }
  | { kind: 'attachment' | 'automated' }
  | { kind: 'text'; field: TextField; needle: string }
  /** Holds for no message (an empty value): needs no index. */
  | { kind: 'never' };

function keyOf({ condition, needle, value, domain }: PreparedCondition): Key | null {
  switch (condition.kind) {
    case 'from_address':
      return value === '' ? { kind: 'never' } : { kind: 'address', key: value };
    case 'from_domain':
      return domain === '' ? { kind: 'never' } : { kind: 'domain', key: domain };
    case 'mailbox_is':
      return { kind: 'mailbox', key: condition.mailboxId };
    case 'subject_contains':
      return needle === '' ? { kind: 'never' } : { kind: 'text', field: 'subject', needle };
    case 'body_contains':
      return needle === '' ? { kind: 'never' } : { kind: 'text', field: 'body', needle };
    case 'recipient_includes':
      return needle === '' ? { kind: 'never' } : { kind: 'text', field: 'recipients', needle };
    case 'has_attachment':
      return { kind: 'attachment' };
    case 'is_automated':
      return { kind: 'automated' };
    default:
      return null;
  }
}

/** The narrower keys first: one of them is enough for an "all" rule. */
const KEY_ORDER: Record<Key['kind'], number> = {
  never: 0,
  address: 1,
  domain: 2,
  mailbox: 3,
  text: 4,
  attachment: 5,
  automated: 6,
};

/** The keys a rule is found by (any of them lets it through), or null: judge it for every message. */
function keysOf(rule: PreparedRule): Key[] | null {
  const keys = rule.conditions.map(keyOf);
  if (rule.rule.match === 'all') {
    const known = keys.filter((key): key is Key => key !== null);
    if (known.length === 0) return null;
    const best = known.reduce((a, b) => (KEY_ORDER[b.kind] < KEY_ORDER[a.kind] ? b : a));
    return [best];
  }
  if (keys.some((key) => key === null)) return null;
  return keys as Key[];
}

const push = (map: Map<string, number[]>, key: string, index: number) => {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
};

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function prepareRules(rules: readonly Rule[]): PreparedRules {
  const ordered = rules
    .filter((rule) => rule.isEnabled)
    .sort((a, b) => scopeOrder(a) - scopeOrder(b) || a.position - b.position || a.id.localeCompare(b.id))
    .map((rule) => ({ rule, conditions: rule.conditions.map(prepareCondition) }));
  const always: number[] = [];
  const byAddress = new Map<string, number[]>();
  const byDomain = new Map<string, number[]>();
  const byMailbox = new Map<string, number[]>();
  const withAttachment: number[] = [];
  const automated: number[] = [];
  const needles = new Map<TextField, { needle: string; index: number }[]>();
  ordered.forEach((rule, index) => {
    const keys = keysOf(rule);
    if (keys === null) {
      always.push(index);
      return;
    }
    for (const key of keys) {
      if (key.kind === 'address') push(byAddress, key.key, index);
      else if (key.kind === 'domain') push(byDomain, key.key, index);
      else if (key.kind === 'mailbox') push(byMailbox, key.key, index);
      else if (key.kind === 'attachment') withAttachment.push(index);
      else if (key.kind === 'automated') automated.push(index);
      else if (key.kind === 'text') {
        const list = needles.get(key.field) ?? [];
        list.push({ needle: key.needle, index });
        needles.set(key.field, list);
      }
    }
  });
  const texts = [...needles].map(([field, entries]) => ({
    field,
    pattern: new RegExp([...new Set(entries.map((entry) => escapeForPattern(entry.needle)))].join('|')),
    entries,
  }));
  return { rules: ordered, always, byAddress, byDomain, byMailbox, withAttachment, automated, texts };
}

const NONE: readonly never[] = Object.freeze([]);

/** Whether any of the addresses contains the text, or matches the pattern. */
function anyRecipient(recipients: readonly string[], test: string | RegExp): boolean {
  for (const address of recipients) {
    if (typeof test === 'string' ? address.includes(test) : test.test(address)) return true;
  }
  return false;
}

/**
 * The positions of the rules a message is judged by, ascending (a rule found twice is listed twice). Called for
 * every message of every sync page: it allocates nothing unless something of the message lets a rule through.
 */
function candidatesFor(prepared: PreparedRules, message: RuleMessage): readonly number[] {
  let found: number[] | null = null;
  if (prepared.byAddress.size > 0) found = adding(found, prepared.byAddress.get(message.fromAddress));
  if (prepared.byDomain.size > 0) {
    const domain = message.fromDomain;
    let at = 0;
    while (at >= 0 && at < domain.length) {
      found = adding(found, prepared.byDomain.get(at === 0 ? domain : domain.slice(at)));
      const dot = domain.indexOf('.', at);
      at = dot < 0 ? -1 : dot + 1;
    }
  }
  if (prepared.byMailbox.size > 0) found = adding(found, prepared.byMailbox.get(message.mailboxId));
  if (message.hasAttachments) found = adding(found, prepared.withAttachment);
  if (prepared.automated.length > 0 && message.isAutomated) found = adding(found, prepared.automated);
  for (const gate of prepared.texts) {
    if (gate.field === 'recipients') {
      const { recipients } = message;
      if (!anyRecipient(recipients, gate.pattern)) continue;
      for (const { needle, index } of gate.entries) {
        if (anyRecipient(recipients, needle)) found = adding(found, index);
      }
      continue;
    }
    const text = message[gate.field];
    if (!gate.pattern.test(text)) continue;
    for (const { needle, index } of gate.entries) if (text.includes(needle)) found = adding(found, index);
  }
  if (found === null) return prepared.always;
  return [...prepared.always, ...(found as number[])].sort((a, b) => a - b);
}

/** `found` with the rules added (made on first use, so a message nothing lets through allocates nothing). */
function adding(found: number[] | null, indexes: number | readonly number[] | undefined): number[] | null {
  if (indexes === undefined) return found;
  if (typeof indexes === 'number') {
    const list = found ?? [];
    list.push(indexes);
    return list;
  }
  if (indexes.length === 0) return found;
  const list = found ?? [];
  for (const index of indexes) list.push(index);
  return list;
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
  let matches: RuleMatch[] | null = null;
  let previous = -1;
  for (const index of candidatesFor(prepared, message)) {
    if (index === previous) continue;
    previous = index;
    const { rule, conditions } = prepared.rules[index] as PreparedRule;
    if (rule.scope === 'firm' && !message.isSharedMailbox) continue;
    if (conditions.length === 0) continue;
    const holds =
      rule.match === 'all'
        ? conditions.every((condition) => preparedHolds(condition, message))
        : conditions.some((condition) => preparedHolds(condition, message));
    if (!holds) continue;
    const actions = rule.actions.filter((action) => action.kind !== 'assign' || message.isSharedMailbox);
    matches ??= [];
    matches.push({ rule, actions });
    if (rule.stopHere) break;
  }
  return matches ?? [];
}

/** evaluatePreparedRules for one message (the rules prepared for it alone). */
export function evaluateRules(rules: readonly Rule[], message: RuleMessage): RuleMatch[] {
  return evaluatePreparedRules(prepareRules(rules), message);
}

/** An address as a string, or as the sync's parsed address. */
type AddressInput = string | { readonly address: string };

type RuleMessageInput = {
  fromAddress: string | null;
  to: readonly AddressInput[];
  cc: readonly AddressInput[];
  subject: string | null;
  body: string | null;
  hasAttachments: boolean;
  /** Known to be automated (a notification); with `signals`, mail its headers class as automated is too. */
  isAutomated: boolean;
  /** The message's automation headers, when the sync has them: the header conditions and automated mail. */
  signals?: AutomationSignals | null;
  headers?: Partial<Record<RuleHeader, string | null>>;
  mailboxId: string;
  isSharedMailbox: boolean;
  clientOrganisationIds?: readonly string[];
};

const addressText = (address: AddressInput) => (typeof address === 'string' ? address : address.address);

/** A message's texts lower-cased on first look (see `ruleMessageOf`). */
class LazyRuleMessage implements RuleMessage {
  readonly clientOrganisationIds: readonly string[];
  readonly hasAttachments: boolean;
  readonly mailboxId: string;
  readonly isSharedMailbox: boolean;
  private keptAddress: string | undefined = undefined;
  private keptDomain: string | undefined = undefined;
  private keptRecipients: readonly string[] | undefined = undefined;
  private keptSubject: string | undefined = undefined;
  private keptBody: string | undefined = undefined;
  private keptAutomated: boolean | undefined = undefined;
  private keptHeaders: Partial<Record<RuleHeader, string>> | undefined = undefined;

  constructor(private readonly input: RuleMessageInput) {
    this.clientOrganisationIds = input.clientOrganisationIds ?? NONE;
    this.hasAttachments = input.hasAttachments;
    this.mailboxId = input.mailboxId;
    this.isSharedMailbox = input.isSharedMailbox;
  }

  get fromAddress(): string {
    this.keptAddress ??= this.input.fromAddress ? senderAddressKey(this.input.fromAddress) : '';
    return this.keptAddress;
  }

  get fromDomain(): string {
    this.keptDomain ??= domainOf(this.fromAddress);
    return this.keptDomain;
  }

  get recipients(): readonly string[] {
    if (!this.keptRecipients) {
      const kept: string[] = [];
      for (const address of this.input.to) kept.push(lower(senderAddressKey(addressText(address))));
      for (const address of this.input.cc) kept.push(lower(senderAddressKey(addressText(address))));
      this.keptRecipients = kept;
    }
    return this.keptRecipients;
  }

  get subject(): string {
    this.keptSubject ??= lower(this.input.subject ?? '');
    return this.keptSubject;
  }

  get body(): string {
    this.keptBody ??= lower(this.input.body ?? '');
    return this.keptBody;
  }

  get isAutomated(): boolean {
    const { isAutomated, signals, fromAddress } = this.input;
    this.keptAutomated ??= isAutomated || (!!signals && automationReason(signals, fromAddress) !== null);
    return this.keptAutomated;
  }

  get headers(): Partial<Record<RuleHeader, string>> {
    if (!this.keptHeaders) {
      const { signals } = this.input;
      const given: Partial<Record<RuleHeader, string | null>> = signals
        ? {
            'list-id': signals.listId,
            'list-unsubscribe': signals.listUnsubscribe,
            'auto-submitted': signals.autoSubmitted,
            precedence: signals.precedence,
            ...this.input.headers,
          }
        : (this.input.headers ?? {});
      const kept: Partial<Record<RuleHeader, string>> = {};
      for (const [name, value] of Object.entries(given)) {
        if (typeof value === 'string') kept[name as RuleHeader] = value.slice(0, 1000);
      }
      this.keptHeaders = kept;
    }
    return this.keptHeaders;
  }
}

/**
 * What a message looks like to rules, from what the sync or the store knows of it. Each text is lower-cased (and
 * the automated classing worked out) the first time a rule looks at it: a page of 500 messages no rule reads the
 * body of never copies 500 bodies. Its texts are read through getters, so copy it with `ruleMessageOf`, not a
 * spread.
 */
export function ruleMessageOf(input: RuleMessageInput): RuleMessage {
  return new LazyRuleMessage(input);
}
