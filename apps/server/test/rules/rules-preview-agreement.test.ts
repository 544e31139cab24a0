// The preview and the filing agree (decision 025): one rule per condition kind is in place while new mail
// is filed, and afterwards each rule's preview over the stored items (SQL narrowing, then the rules' evaluator)
// names exactly the messages the filing applied it to. Headers are the one known difference: stored items keep
// none, so the preview matches nothing on them and says so.
import type { RulePreviewResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import { RULE_PREVIEW_HEADER_NOTE } from '@ledgerdesk/domain/api/rules-endpoints';
import type { RuleCondition } from '@ledgerdesk/domain/rules/rule-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { testDatabaseKinds } from '../support/test-database';

type Case = { name: string; match?: 'all' | 'any'; conditions: RuleCondition[] };

describe.each(testDatabaseKinds)('the preview agrees with the filing (%s)', (kind) => {
  let h: MailHarness;
  let box: Connected;
  const cases: Case[] = [];
  const filed = new Map<string, Set<string>>();
  const stamp = Date.now().toString(36);
  const as = <T>(query: ReturnType<typeof sql>) =>
    withUser(h.app.db, box.userId, async (tx) => rowsOf<T>(await tx.execute(query)));
  const deliver = (subject: string, from: string, extra: object = {}) =>
    h.control('POST', '/messages', { mailbox: box.address, from, to: [box.address], subject, ...extra });

  beforeAll(async () => {
    h = await createMailHarness(kind);
    box = await connectFreshMailbox(h, 'office365', { messages: 0 });
    const [client] = await as<{ id: string }>(sql`
      insert into client_organisations (user_id, name, created_by) values (${box.userId}, 'Client Ltd', ${box.userId})
      returning id::text`);
    await as(sql`insert into client_contacts (user_id, organisation_id, name, email, created_by)
      values (${box.userId}, ${client?.id ?? ''}::uuid, 'Pat', 'pat@client.example', ${box.userId})`);
    cases.push(
      { name: 'from address', conditions: [{ kind: 'from_address', value: ' ANN@Bank.example ' }] },
      { name: 'from domain', conditions: [{ kind: 'from_domain', value: '@bank.example' }] },
      { name: 'from client', conditions: [{ kind: 'from_client', organisationId: client?.id ?? '' }] },
      { name: 'to or cc includes', conditions: [{ kind: 'recipient_includes', value: 'TEAM-A@' }] },
      { name: 'subject contains', conditions: [{ kind: 'subject_contains', value: `50%_off ${stamp}` }] },
      { name: 'body contains', conditions: [{ kind: 'body_contains', value: 'Quarterly Close' }] },
      { name: 'has attachment', conditions: [{ kind: 'has_attachment' }] },
      { name: 'automated', conditions: [{ kind: 'is_automated' }] },
      { name: 'header present', conditions: [{ kind: 'header_present', header: 'list-id' }] },
      {
        name: 'header equals',
        conditions: [{ kind: 'header_equals', header: 'list-id', value: `<news-${stamp}.bank.example>` }],
      },
      { name: 'mailbox is', conditions: [{ kind: 'mailbox_is', mailboxId: box.integrationId }] },
      {
        name: 'all: domain and attachment',
        conditions: [{ kind: 'from_domain', value: 'bank.example' }, { kind: 'has_attachment' }],
      },
      {
        name: 'any: client or subject',
        match: 'any',
        conditions: [
          { kind: 'from_client', organisationId: client?.id ?? '' },
          { kind: 'subject_contains', value: 'payroll' },
        ],
      },
    );
    for (const [position, rule] of cases.entries())
      await as(sql`insert into triage_rules (user_id, name, match, conditions, actions, position)
        values (${box.userId}, ${rule.name}, ${rule.match ?? 'all'}, ${JSON.stringify(rule.conditions)}::jsonb,
          ${JSON.stringify([{ kind: 'later' }])}::jsonb, ${position})`);
    const file = {
      name: 'a.pdf',
      contentType: 'application/pdf',
      content: Buffer.from('pdf').toString('base64'),
    };
    await deliver(`Statement 50%_off ${stamp}`, 'Ann <Ann@Bank.Example>', { text: 'Your quarterly close.' });
    await deliver(`Statement 50 xoff ${stamp}`, 'Alerts <alerts@mail.bank.example>', { attachments: [file] });
    await deliver('Not the bank', 'Eve <eve@notbank.example>', { text: 'ann@bank.example said hello' });
    await deliver('Payroll questions', 'Pat <pat@client.example>', { cc: ['Team-A@firm.example'] });
    await deliver('Weekly news', `News <news@bank.example>`, {
      headers: { 'List-Id': `<news-${stamp}.bank.example>`, 'List-Unsubscribe': '<mailto:u@bank.example>' },
    });
    await deliver('Plain', 'Sam <sam@elsewhere.example>', { text: 'Nothing to see', attachments: [file] });
    expect((await sync(h, box)).criticalErrors).toBe(0);
    const applied = await as<{ name: string; message: string }>(sql`
      select r.name, a.email_message_id as message from triage_rule_applications a
      join triage_rules r on r.id = a.rule_id`);
    for (const row of applied) filed.set(row.name, (filed.get(row.name) ?? new Set()).add(row.message));
  }, 90_000);
  afterAll(async () => h?.close());

  it('every condition kind: the preview names the messages the filing applied the rule to', async () => {
    const items = await storedItems(h.app, box.userId, box.integrationId);
    const messageOf = new Map(items.map((item) => [item.id, item.emailMessageId ?? '']));
    const subjectOf = new Map(items.map((item) => [item.emailMessageId ?? '', item.subject]));
    const report: Record<string, { filed: string[]; previewed: string[] }> = {};
    for (const rule of cases) {
      const answer = await h.app.inject({
        method: 'POST',
        url: '/api/rules/preview',
        headers: { cookie: box.cookie },
        payload: {
          name: rule.name,
          match: rule.match ?? 'all',
          conditions: rule.conditions,
          actions: [{ kind: 'later' }],
        },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const preview = answer.json() as RulePreviewResponse;
      const previewed = preview.threads.flatMap((thread) =>
        thread.itemIds.map((id) => messageOf.get(id) ?? id),
      );
      const names = (ids: Iterable<string>) => [...ids].map((id) => subjectOf.get(id) ?? id).sort();
      report[rule.name] = { filed: names(filed.get(rule.name) ?? []), previewed: names(previewed) };
      if (rule.name.startsWith('header')) expect(preview.note).toBe(RULE_PREVIEW_HEADER_NOTE);
    }
    const expected = (filedNames: string[], name: string) => (name.startsWith('header') ? [] : filedNames);
    for (const [name, result] of Object.entries(report))
      expect({ name, previewed: result.previewed }).toEqual({
        name,
        previewed: expected(result.filed, name),
      });
    // The rules did match what they should: a check that the comparison is not of empty sets.
    expect(report['from domain']?.filed).toHaveLength(3);
    expect(report['header present']?.filed).toEqual(['Weekly news']);
    expect(report['has attachment']?.filed).toHaveLength(2);
    expect(report['subject contains']?.filed).toEqual([`Statement 50%_off ${stamp}`]);
  });
});
