// Rules applied as mail is filed (decision 025), end to end on sandbox mailboxes over HTTP: each action, the new-items
// count never raised by mail a rule clears, exactly once across two syncs at once and a refiling, a broken rule
// switched off without blocking the sync, and Undo from the thread like a person's action.

import { RULE_FAILURE_REASONS } from '@ledgerdesk/domain/rules/rule-messages';
import type { RuleAction, RuleCondition } from '@ledgerdesk/domain/rules/rule-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { openEventStream } from '../support/event-stream';
import { testDatabaseKinds } from '../support/test-database';

type SandboxMessage = { id: string; subject: string; folder: string; isRead: boolean };

describe.each(testDatabaseKinds)('rules applied as mail is filed (%s)', (kind) => {
  let h: MailHarness;
  let port = 0;
  let box: Connected;
  let position = 0;
  const stamp = Date.now().toString(36);

  const asOwner = <T>(query: ReturnType<typeof sql>) =>
    withUser(h.app.db, box.userId, async (tx) => rowsOf<T>(await tx.execute(query)));
  const addRule = async (name: string, conditions: RuleCondition[], actions: RuleAction[], extra = {}) => {
    position++;
    const { stopHere = false } = extra as { stopHere?: boolean };
    const [row] = await asOwner<{ id: string }>(sql`
      insert into triage_rules (user_id, name, conditions, actions, position, stop_here)
      values (${box.userId}, ${name}, ${JSON.stringify(conditions)}::jsonb, ${JSON.stringify(actions)}::jsonb,
        ${position}, ${stopHere}) returning id`);
    return row?.id ?? '';
  };
  const deliver = (subject: string, from = `News <news-${stamp}@letters.test>`, extra: object = {}) =>
    h.control<{ id: string }>('POST', '/messages', {
      mailbox: box.address,
      from,
      to: [box.address],
      subject,
      text: `${subject} body`,
      ...extra,
    });
  const itemOf = async (subject: string) => {
    const items = await storedItems(h.app, box.userId, box.integrationId);
    const item = items.find((candidate) => candidate.subject === subject);
    if (!item) throw new Error(`no item ${subject}`);
    return item;
  };
  const sandboxMessage = async (subject: string) =>
    (
      await h.control<{ messages: SandboxMessage[] }>('GET', `/mailboxes/${encodeURIComponent(box.address)}`)
    ).messages.find((message) => message.subject === subject);
  const applications = (subject: string) =>
    asOwner<{ label: string; action_id: string | null; triage_item_id: string | null }>(sql`
      select a.label, a.action_id, a.triage_item_id from triage_rule_applications a
      join triage_items t on t.email_message_id = a.email_message_id and t.email_integration_id = a.email_integration_id
      where t.subject = ${subject}`);

  beforeAll(async () => {
    h = await createMailHarness(kind);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as { port: number }).port;
    box = await connectFreshMailbox(h, 'office365', { messages: 0 });
  }, 60_000);
  afterAll(async () => h?.close());

  it('Later, Low Priority, Move to Notifications and Snooze file the new item in that state', async () => {
    await addRule('Later', [{ kind: 'subject_contains', value: `later-${stamp}` }], [{ kind: 'later' }]);
    await addRule(
      'Newsletters',
      [{ kind: 'subject_contains', value: `low-${stamp}` }],
      [{ kind: 'low_priority' }],
    );
    await addRule(
      'Alerts',
      [{ kind: 'subject_contains', value: `alert-${stamp}` }],
      [{ kind: 'notifications' }],
    );
    await addRule(
      'Snooze',
      [{ kind: 'subject_contains', value: `snooze-${stamp}` }],
      [{ kind: 'snooze', hours: 48 }],
    );
    for (const tag of ['later', 'low', 'alert', 'snooze'])
      await deliver(`${tag}-${stamp}`, `Pat <pat@client-${tag}.test>`);
    await deliver(`plain-${stamp}`, 'Pat <pat@client.test>');
    await sync(h, box);
    expect((await itemOf(`later-${stamp}`)).status).toBe('later');
    expect((await itemOf(`low-${stamp}`)).status).toBe('low_priority');
    expect((await itemOf(`alert-${stamp}`)).type).toBe('notification');
    const snoozed = await itemOf(`snooze-${stamp}`);
    expect(snoozed.status).toBe('scheduled');
    expect(new Date(snoozed.snoozedUntil ?? 0).getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);
    expect((await itemOf(`plain-${stamp}`)).status).toBe('inbox');
    expect((await applications(`low-${stamp}`)).map((row) => row.label)).toEqual([
      "Low Priority — rule 'Newsletters'",
    ]);
    // A later sync that rewrites the row (its fingerprint stale, the folder listed again) keeps the rule's type.
    await asOwner(sql`update triage_items set metadata = metadata || '{"sync_fingerprint":"stale"}'::jsonb
      where subject = ${`alert-${stamp}`}`);
    await asOwner(
      sql`update email_integrations set metadata = metadata - 'delta_token_inbox' where id = ${box.integrationId}`,
    );
    const report = await sync(h, box);
    expect(report.updatedEmails).toBeGreaterThanOrEqual(1);
    expect(await itemOf(`alert-${stamp}`)).toMatchObject({ type: 'notification' });
  });

  it('an edited, switched-off, switched-on or deleted rule acts as it now reads on the next page of mail', async () => {
    // The filing keeps each mailbox's rules prepared between pages and reads them again when they change.
    const call = (method: 'PATCH' | 'DELETE', url: string, payload?: object) =>
      h.app.inject({ method, url, headers: { cookie: box.cookie }, ...(payload ? { payload } : {}) });
    const id = await addRule(
      'Edited',
      [{ kind: 'subject_contains', value: `edit-${stamp}` }],
      [{ kind: 'later' }],
    );
    const fileOne = async (tag: string) => {
      await deliver(`edit-${stamp}-${tag}`);
      await sync(h, box);
      return (await itemOf(`edit-${stamp}-${tag}`)).status;
    };
    expect(await fileOne('a')).toBe('later');
    expect(
      (await call('PATCH', `/api/rules/${id}`, { actions: [{ kind: 'low_priority' }] })).statusCode,
    ).toBe(200);
    expect(await fileOne('b')).toBe('low_priority');
    expect((await call('PATCH', `/api/rules/${id}`, { isEnabled: false })).statusCode).toBe(200);
    expect(await fileOne('c')).toBe('inbox');
    expect((await call('PATCH', `/api/rules/${id}`, { isEnabled: true })).statusCode).toBe(200);
    expect(await fileOne('d')).toBe('low_priority');
    expect((await call('DELETE', `/api/rules/${id}`)).statusCode).toBeLessThan(300);
    expect(await fileOne('e')).toBe('inbox');
  });

  it('Mark read and Clear & Archive reach the mailbox through the outbox; a cleared item never raises the new-items count', async () => {
    await addRule(
      'Statements',
      [{ kind: 'from_domain', value: `bank-${stamp}.test` }],
      [{ kind: 'mark_read' }, { kind: 'clear' }],
    );
    const stream = await openEventStream(port, box.cookie);
    try {
      await stream.waitFor(/: connected/);
      await deliver(`statement-${stamp}`, `Bank <statements@mail.bank-${stamp}.test>`);
      await sync(h, box);
      const item = await itemOf(`statement-${stamp}`);
      expect(item).toMatchObject({ status: 'cleared', isRead: true });
      await stream.waitFor(new RegExp(`"op":"INSERT","id":"${item.id}"`));
      const inserted = stream
        .text()
        .split('\n')
        .filter((line) => line.includes(`"op":"INSERT","id":"${item.id}"`));
      expect(inserted).toHaveLength(1);
      expect(inserted[0]).toContain('"status":"cleared"');
      expect(stream.text()).not.toMatch(new RegExp(`"id":"${item.id}"[^\\n]*"status":"inbox"`));
    } finally {
      stream.close();
    }
    await h.app.outbox.idle();
    await h.app.outbox.drain(box.userId, box.integrationId);
    expect(await sandboxMessage(`statement-${stamp}`)).toMatchObject({ folder: 'archive', isRead: true });
  });

  it('applies a rule once per message and version: two syncs at once, and the message filed again', async () => {
    const ruleId = await addRule(
      'Once',
      [{ kind: 'subject_contains', value: `once-${stamp}` }],
      [{ kind: 'later' }],
    );
    await deliver(`once-${stamp}`);
    await Promise.all([sync(h, box), sync(h, box)]);
    expect((await itemOf(`once-${stamp}`)).status).toBe('later');
    // The item is deleted and the message filed again (as a reset does): the rule does not apply a second time.
    await asOwner(sql`delete from triage_items where subject = ${`once-${stamp}`}`);
    await asOwner(
      sql`update email_integrations set metadata = metadata - 'delta_token_inbox' where id = ${box.integrationId}`,
    );
    await sync(h, box);
    expect((await itemOf(`once-${stamp}`)).status).toBe('inbox');
    const [stats] = await asOwner<{ match_count: number | string }>(
      sql`select match_count from triage_rule_stats where rule_id = ${ruleId}`,
    );
    expect(Number(stats?.match_count)).toBe(1);
    const rows = await asOwner(sql`select 1 from triage_rule_applications where rule_id = ${ruleId}`);
    expect(rows).toHaveLength(1);
  });

  it('a rule whose client was deleted is switched off with a notice and the sync files the mail', async () => {
    const [client] = await asOwner<{ id: string }>(sql`
      insert into client_organisations (user_id, name, created_by) values (${box.userId}, 'Gone Ltd', ${box.userId})
      returning id`);
    const ruleId = await addRule(
      'Client',
      [{ kind: 'subject_contains', value: `client-${stamp}` }],
      [{ kind: 'set_client', organisationId: client?.id ?? '' }, { kind: 'later' }],
    );
    await asOwner(sql`delete from client_organisations where id = ${client?.id}`);
    const stream = await openEventStream(port, box.cookie);
    try {
      await stream.waitFor(/: connected/);
      await deliver(`client-${stamp}`);
      const report = await sync(h, box);
      expect(report.criticalErrors).toBe(0);
      await stream.waitFor(/rule-switched-off/);
      expect(stream.text()).toContain("The rule 'Client' was switched off");
    } finally {
      stream.close();
    }
    expect((await itemOf(`client-${stamp}`)).status).toBe('inbox');
    const [rule] = await asOwner<{ is_enabled: boolean; disabled_reason: string }>(
      sql`select is_enabled, disabled_reason from triage_rules where id = ${ruleId}`,
    );
    expect(rule).toEqual({ is_enabled: false, disabled_reason: RULE_FAILURE_REASONS.clientGone });
  });

  it('Set client and Add to work file the thread', async () => {
    const [client] = await asOwner<{ id: string }>(sql`
      insert into client_organisations (user_id, name, created_by) values (${box.userId}, 'Bakery Ltd', ${box.userId})
      returning id`);
    await addRule(
      'Bakery',
      [{ kind: 'subject_contains', value: `bakery-${stamp}` }],
      [
        { kind: 'set_client', organisationId: client?.id ?? '' },
        { kind: 'add_to_work', workItemId: 'W-101' },
      ],
    );
    await deliver(`bakery-${stamp}`, 'Bea Baker <bea@bakery.test>');
    await sync(h, box);
    const contacts = await asOwner<{ name: string; organisation_id: string }>(
      sql`select name, organisation_id from client_contacts where email = 'bea@bakery.test'`,
    );
    expect(contacts).toEqual([{ name: 'Bea Baker', organisation_id: client?.id }]);
    const item = await itemOf(`bakery-${stamp}`);
    const filed = await asOwner(
      sql`select 1 from work_item_threads where work_item_id = 'W-101' and thread_key = ${item.threadKey}`,
    );
    expect(filed).toHaveLength(1);
  });

  it('Undo takes a rule’s action back from the thread like a person’s, in the mailbox too', async () => {
    await addRule('Receipts', [{ kind: 'subject_contains', value: `receipt-${stamp}` }], [{ kind: 'clear' }]);
    await deliver(`receipt-${stamp}`);
    await sync(h, box);
    await h.app.outbox.idle();
    await h.app.outbox.drain(box.userId, box.integrationId);
    expect(await sandboxMessage(`receipt-${stamp}`)).toMatchObject({ folder: 'archive' });
    const [applied] = await applications(`receipt-${stamp}`);
    expect(applied?.action_id).toBeTruthy();
    const undone = await h.app.inject({
      method: 'POST',
      url: `/api/triage/actions/${applied?.action_id}/undo`,
      headers: { cookie: box.cookie },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await itemOf(`receipt-${stamp}`)).status).toBe('inbox');
    await h.app.outbox.idle();
    await h.app.outbox.drain(box.userId, box.integrationId);
    expect(await sandboxMessage(`receipt-${stamp}`)).toMatchObject({ folder: 'inbox' });
    // The next sync leaves it where Undo put it: the rule applied once.
    await sync(h, box);
    expect((await itemOf(`receipt-${stamp}`)).status).toBe('inbox');
  });
  it('Undo of a rule’s action also takes back its Set client and Add to work', async () => {
    const [client] = await asOwner<{ id: string }>(sql`
      insert into client_organisations (user_id, name, created_by) values (${box.userId}, 'Mill Ltd', ${box.userId})
      returning id`);
    await addRule(
      'Mill',
      [{ kind: 'subject_contains', value: `mill-${stamp}` }],
      [
        { kind: 'later' },
        { kind: 'set_client', organisationId: client?.id ?? '' },
        { kind: 'add_to_work', workItemId: `M-${stamp}` },
      ],
    );
    await deliver(`mill-${stamp}`, 'Mo Miller <mo@mill.test>');
    await sync(h, box);
    const contact = () => asOwner(sql`select 1 from client_contacts where email = 'mo@mill.test'`);
    const filed = () => asOwner(sql`select 1 from work_item_threads where work_item_id = ${`M-${stamp}`}`);
    expect(await contact()).toHaveLength(1);
    expect(await filed()).toHaveLength(1);
    const [applied] = await applications(`mill-${stamp}`);
    const undone = await h.app.inject({
      method: 'POST',
      url: `/api/triage/actions/${applied?.action_id}/undo`,
      headers: { cookie: box.cookie },
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await itemOf(`mill-${stamp}`)).status).toBe('inbox');
    expect(await contact()).toEqual([]);
    expect(await filed()).toEqual([]);
  });
});
