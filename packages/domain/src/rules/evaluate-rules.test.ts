import { describe, expect, it } from 'vitest';
import {
  evaluatePreparedRules,
  evaluateRules,
  prepareRules,
  ruleMatches,
  ruleMessageOf,
} from './evaluate-rules';
import { isOutcomeEmpty, planRuleOutcome } from './plan-rule-outcome';
import type { Rule, RuleAction, RuleCondition } from './rule-types';
import { ruleHistoryLabel, rulePreviewText } from './rule-types';

const MAILBOX = '00000000-0000-4000-8000-000000000001';
const OTHER_MAILBOX = '00000000-0000-4000-8000-000000000002';
const CLIENT = '00000000-0000-4000-8000-0000000000c1';

const message = (overrides: Partial<Parameters<typeof ruleMessageOf>[0]> = {}) =>
  ruleMessageOf({
    fromAddress: 'Bank Statements <Statements@Mail.Bank.test>',
    to: ['Me <me@firm.test>'],
    cc: ['Partner@Firm.test'],
    subject: 'Your March Statement',
    body: 'Please find attached your STATEMENT for March.',
    hasAttachments: true,
    isAutomated: true,
    headers: { 'list-id': '<Statements.Bank.test>' },
    mailboxId: MAILBOX,
    isSharedMailbox: false,
    clientOrganisationIds: [CLIENT],
    ...overrides,
  });

let nextId = 0;
function rule(
  conditions: RuleCondition[],
  actions: RuleAction[] = [{ kind: 'later' }],
  extra: Partial<Rule> = {},
): Rule {
  nextId++;
  return {
    id: `rule-${String(nextId).padStart(3, '0')}`,
    name: `Rule ${nextId}`,
    scope: 'personal',
    match: 'all',
    conditions,
    actions,
    stopHere: false,
    isEnabled: true,
    position: nextId,
    version: 1,
    ...extra,
  };
}

const matches = (condition: RuleCondition, overrides: Parameters<typeof message>[0] = {}) =>
  evaluateRules([rule([condition])], message(overrides)).length === 1;

describe('rule conditions (plain text, case-insensitive)', () => {
  it('from address equals the bare sender address, whatever the case', () => {
    expect(matches({ kind: 'from_address', value: 'statements@mail.bank.TEST' })).toBe(true);
    expect(matches({ kind: 'from_address', value: 'statements@bank.test' })).toBe(false);
    expect(matches({ kind: 'from_address', value: 'statements' })).toBe(false);
  });
  it('from domain matches the domain and its subdomains, not look-alikes', () => {
    expect(matches({ kind: 'from_domain', value: 'bank.test' })).toBe(true);
    expect(matches({ kind: 'from_domain', value: '@MAIL.bank.test' })).toBe(true);
    expect(matches({ kind: 'from_domain', value: 'ank.test' })).toBe(false);
    expect(matches({ kind: 'from_domain', value: 'other.test' })).toBe(false);
  });
  it('from client matches the organisations the sender resolves to', () => {
    expect(matches({ kind: 'from_client', organisationId: CLIENT })).toBe(true);
    expect(matches({ kind: 'from_client', organisationId: CLIENT }, { clientOrganisationIds: [] })).toBe(
      false,
    );
  });
  it('to or cc includes looks at every recipient', () => {
    expect(matches({ kind: 'recipient_includes', value: 'partner@' })).toBe(true);
    expect(matches({ kind: 'recipient_includes', value: 'ME@firm' })).toBe(true);
    expect(matches({ kind: 'recipient_includes', value: 'nobody@' })).toBe(false);
  });
  it('subject contains', () => {
    expect(matches({ kind: 'subject_contains', value: 'march statement' })).toBe(true);
    expect(matches({ kind: 'subject_contains', value: 'invoice' })).toBe(false);
  });
  it('preview/body contains, with regular-expression characters taken literally', () => {
    expect(matches({ kind: 'body_contains', value: 'statement for' })).toBe(true);
    expect(matches({ kind: 'body_contains', value: '.*' })).toBe(false);
    expect(matches({ kind: 'body_contains', value: 'a.b' }, { body: 'see a.b here' })).toBe(true);
    expect(matches({ kind: 'body_contains', value: 'a.b' }, { body: 'see axb here' })).toBe(false);
  });
  it('has attachment', () => {
    expect(matches({ kind: 'has_attachment' })).toBe(true);
    expect(matches({ kind: 'has_attachment' }, { hasAttachments: false })).toBe(false);
  });
  it('automated mail', () => {
    expect(matches({ kind: 'is_automated' })).toBe(true);
    expect(matches({ kind: 'is_automated' }, { isAutomated: false })).toBe(false);
  });
  it('a header is present', () => {
    expect(matches({ kind: 'header_present', header: 'list-id' })).toBe(true);
    expect(matches({ kind: 'header_present', header: 'precedence' })).toBe(false);
    expect(matches({ kind: 'header_present', header: 'list-id' }, { headers: { 'list-id': '  ' } })).toBe(
      false,
    );
  });
  it('a header equals, whatever the case', () => {
    expect(matches({ kind: 'header_equals', header: 'list-id', value: '<statements.bank.test>' })).toBe(true);
    expect(matches({ kind: 'header_equals', header: 'list-id', value: 'statements.bank.test' })).toBe(false);
  });
  it('mailbox is', () => {
    expect(matches({ kind: 'mailbox_is', mailboxId: MAILBOX })).toBe(true);
    expect(matches({ kind: 'mailbox_is', mailboxId: OTHER_MAILBOX })).toBe(false);
  });
  it('empty values match nothing', () => {
    expect(matches({ kind: 'subject_contains', value: '' })).toBe(false);
    expect(matches({ kind: 'from_domain', value: ' ' })).toBe(false);
  });
});

describe('all and any', () => {
  const hit: RuleCondition = { kind: 'has_attachment' };
  const miss: RuleCondition = { kind: 'subject_contains', value: 'invoice' };
  it('all needs every condition, any needs one', () => {
    expect(evaluateRules([rule([hit, miss], undefined, { match: 'all' })], message())).toHaveLength(0);
    expect(evaluateRules([rule([hit, miss], undefined, { match: 'any' })], message())).toHaveLength(1);
    expect(evaluateRules([rule([miss], undefined, { match: 'any' })], message())).toHaveLength(0);
  });
  it('a rule without conditions matches nothing', () => {
    expect(evaluateRules([rule([])], message())).toHaveLength(0);
  });
});

describe('order, stop here, switched off', () => {
  const any: RuleCondition = { kind: 'is_automated' };
  it('runs rules by position and a later status action wins', () => {
    const second = rule([any], [{ kind: 'low_priority' }], { position: 2 });
    const first = rule([any], [{ kind: 'later' }, { kind: 'mark_read' }], { position: 1 });
    const found = evaluateRules([second, first], message());
    expect(found.map((match) => match.rule.id)).toEqual([first.id, second.id]);
    expect(planRuleOutcome(found)).toMatchObject({ status: 'low_priority', isRead: true });
  });
  it('stop here ends processing after a match, and only after a match', () => {
    const stopper = rule([any], [{ kind: 'clear' }], { position: 1, stopHere: true });
    const after = rule([any], [{ kind: 'mark_read' }], { position: 2 });
    expect(evaluateRules([after, stopper], message()).map((match) => match.rule.id)).toEqual([stopper.id]);
    const missStopper = rule([{ kind: 'subject_contains', value: 'x-y-z' }], [{ kind: 'clear' }], {
      position: 0,
      stopHere: true,
    });
    expect(evaluateRules([missStopper, after], message()).map((match) => match.rule.id)).toEqual([after.id]);
  });
  it('a switched-off rule does nothing and does not stop later rules', () => {
    const off = rule([any], [{ kind: 'clear' }], { position: 1, stopHere: true, isEnabled: false });
    const on = rule([any], [{ kind: 'later' }], { position: 2 });
    expect(evaluateRules([off, on], message()).map((match) => match.rule.id)).toEqual([on.id]);
  });
  it('personal rules run before firm rules; firm rules act only on shared mailboxes', () => {
    const firm = rule([any], [{ kind: 'low_priority' }], { position: 0, scope: 'firm' });
    const personal = rule([any], [{ kind: 'later' }], { position: 5 });
    expect(evaluateRules([firm, personal], message()).map((m) => m.rule.id)).toEqual([personal.id]);
    expect(evaluateRules([firm, personal], message({ isSharedMailbox: true })).map((m) => m.rule.id)).toEqual(
      [personal.id, firm.id],
    );
  });
  it('assignment is dropped outside shared mailboxes', () => {
    const assign = rule([any], [{ kind: 'assign', assigneeUserId: 'sam', todoInDays: 2 }, { kind: 'later' }]);
    expect(evaluateRules([assign], message())[0]?.actions).toEqual([{ kind: 'later' }]);
    expect(evaluateRules([assign], message({ isSharedMailbox: true }))[0]?.actions).toHaveLength(2);
  });
});

describe('each action in the outcome', () => {
  const outcomeOf = (actions: RuleAction[]) =>
    planRuleOutcome(
      evaluateRules([rule([{ kind: 'is_automated' }], actions)], message({ isSharedMailbox: true })),
    );
  it('Later, Low Priority, Clear & Archive set the status', () => {
    expect(outcomeOf([{ kind: 'later' }]).status).toBe('later');
    expect(outcomeOf([{ kind: 'low_priority' }]).status).toBe('low_priority');
    expect(outcomeOf([{ kind: 'clear' }]).status).toBe('cleared');
  });
  it('Snooze until (relative) schedules the item for that many hours', () => {
    expect(outcomeOf([{ kind: 'snooze', hours: 48 }])).toMatchObject({
      status: 'scheduled',
      snoozeHours: 48,
    });
    expect(outcomeOf([{ kind: 'snooze', hours: 48 }, { kind: 'later' }])).toMatchObject({
      status: 'later',
      snoozeHours: null,
    });
  });
  it('Mark read and Move to Notifications', () => {
    expect(outcomeOf([{ kind: 'mark_read' }])).toMatchObject({ isRead: true, status: null });
    expect(outcomeOf([{ kind: 'notifications' }])).toMatchObject({ isNotification: true, status: null });
  });
  it('Assign, Set client and Add to work (each work item once)', () => {
    const outcome = outcomeOf([
      { kind: 'assign', assigneeUserId: 'sam', todoInDays: 3 },
      { kind: 'set_client', organisationId: CLIENT },
      { kind: 'add_to_work', workItemId: 'W-1' },
      { kind: 'add_to_work', workItemId: 'W-1' },
      { kind: 'add_to_work', workItemId: 'W-2' },
    ]);
    expect(outcome.assign).toEqual({ assigneeUserId: 'sam', todoInDays: 3 });
    expect(outcome.clientOrganisationId).toBe(CLIENT);
    expect(outcome.workItemIds).toEqual(['W-1', 'W-2']);
    expect(isOutcomeEmpty(outcome)).toBe(false);
  });
  it('no match is an empty outcome', () => {
    expect(isOutcomeEmpty(planRuleOutcome([]))).toBe(true);
  });
});

describe('texts', () => {
  it('the history line and the preview sentence', () => {
    expect(ruleHistoryLabel('Newsletters', [{ kind: 'low_priority' }])).toBe(
      "Low Priority — rule 'Newsletters'",
    );
    expect(rulePreviewText(14)).toBe('This rule would have matched 14 threads in the last 30 days');
    expect(rulePreviewText(1)).toBe('This rule would have matched 1 thread in the last 30 days');
  });
});

describe('rules prepared for a page judge as each rule alone does', () => {
  /** The plain reading of the rules: every enabled rule in order, each judged by conditionHolds. */
  const naive = (rules: Rule[], subject: ReturnType<typeof message>) => {
    const ordered = [...rules]
      .filter((entry) => entry.isEnabled)
      .sort((a, b) => (a.scope === b.scope ? 0 : a.scope === 'personal' ? -1 : 1) || a.position - b.position);
    const found: string[] = [];
    for (const entry of ordered) {
      if (entry.scope === 'firm' && !subject.isSharedMailbox) continue;
      if (!ruleMatches(entry, subject)) continue;
      found.push(entry.id);
      if (entry.stopHere) break;
    }
    return found;
  };

  it('agrees on random rules and messages (every index: sender, subdomains, mailbox, texts, flags; any/all, stop here, firm scope)', () => {
    // mulberry32: a small seeded generator whose low bits do not repeat in a short cycle (as an LCG's do).
    let seed = 7;
    const random = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) % 2 ** 32) % n;
    };
    const pick = <T>(list: readonly T[]) => list[random(list.length)] as T;
    const domains = [
      'bank.test',
      'mail.bank.test',
      'BANK.test',
      '@bank.test',
      'tax.gov.test',
      'gov.test',
      '',
    ];
    const addresses = ['ann@bank.test', 'Ann@Mail.Bank.test', 'bob@tax.gov.test', ' ann@bank.test ', ''];
    const texts = ['statement', 'March ', 'tax', 'a.b', '(x', 'STATEMENT for', 'nothing here', '', ' '];
    const condition = (): RuleCondition =>
      pick<RuleCondition>([
        { kind: 'from_domain', value: pick(domains) },
        { kind: 'from_address', value: pick(addresses) },
        { kind: 'subject_contains', value: pick(texts) },
        { kind: 'body_contains', value: pick(texts) },
        { kind: 'has_attachment' },
        { kind: 'is_automated' },
        { kind: 'recipient_includes', value: pick(['partner@', 'nobody@', 'FIRM.test', '']) },
        { kind: 'mailbox_is', mailboxId: pick([MAILBOX, OTHER_MAILBOX]) },
        { kind: 'header_present', header: 'list-id' },
        { kind: 'header_equals', header: 'list-id', value: '<statements.bank.test>' },
        { kind: 'from_client', organisationId: CLIENT },
      ]);
    const senders = [
      'Ann <ann@bank.test>',
      'ann@mail.bank.test',
      'Bob <BOB@tax.gov.test>',
      'x@notbank.test',
      '',
    ];
    for (let round = 0; round < 2000; round++) {
      const rules = Array.from({ length: 1 + random(12) }, () =>
        rule(Array.from({ length: 1 + random(3) }, condition), [{ kind: 'later' }], {
          match: pick(['all', 'any'] as const),
          stopHere: random(5) === 0,
          isEnabled: random(8) !== 0,
          scope: random(4) === 0 ? 'firm' : 'personal',
          position: random(20),
        }),
      );
      const subject = message({
        fromAddress: pick(senders),
        isSharedMailbox: random(2) === 0,
        subject: pick(['Your March Statement', 'TAX a.b due', 'hello (x)', '']),
        body: pick(['Please find attached your STATEMENT for March.', 'nothing', 'A.B', '']),
        to: pick([['Me <me@firm.test>'], [], ['nobody@else.test', 'PARTNER@firm.test']]),
        cc: pick([[], ['Partner@Firm.test']]),
        hasAttachments: random(2) === 0,
        isAutomated: random(2) === 0,
        headers: pick([{ 'list-id': '<Statements.Bank.test>' }, {}]),
        mailboxId: pick([MAILBOX, OTHER_MAILBOX]),
        clientOrganisationIds: pick([[CLIENT], []]),
      });
      const prepared = prepareRules(rules);
      expect(evaluatePreparedRules(prepared, subject).map((match) => match.rule.id)).toEqual(
        naive(rules, subject),
      );
    }
  });
});
