// The rules API (decision 025): create, list with stats, change (a new version), reorder, delete; the preview over
// stored items and "apply now" as one bulk action with one Undo; firm rules for owners only; every refusal a
// clear 4xx; a member never reaches another member's personal rules.
import type {
  RuleApplyResponse,
  RulePreviewResponse,
  RulesResponse,
} from '@ledgerdesk/domain/api/rules-endpoints';
import { RULE_MESSAGES } from '@ledgerdesk/domain/rules/rule-messages';
import { RULES_MAX_PER_OWNER } from '@ledgerdesk/domain/rules/rule-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('the rules API (%s)', (kind) => {
  let h: MailHarness;
  let owner: Connected;
  let member: { cookie: string; userId: string; email: string };
  const stamp = Date.now().toString(36);
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const newsletter = (name = 'Newsletters', extra: object = {}) => ({
    name,
    conditions: [{ kind: 'from_domain', value: `letters-${stamp}.test` }],
    actions: [{ kind: 'low_priority' }],
    ...extra,
  });

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    for (let index = 1; index <= 3; index++)
      await h.control('POST', '/messages', {
        mailbox: owner.address,
        from: `News <news@letters-${stamp}.test>`,
        to: [owner.address],
        subject: `Issue ${index}`,
        text: `Issue ${index}`,
      });
    await h.control('POST', '/messages', {
      mailbox: owner.address,
      from: 'Pat <pat@client.test>',
      to: [owner.address],
      subject: 'A person',
      text: 'Hello',
    });
    await sync(h, owner);
    member = await signUp(h.app, `api-member-${stamp}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'API Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
  }, 90_000);
  afterAll(async () => h?.close());

  it('previews over stored items, saves, applies now as one bulk action, and one Undo takes it back', async () => {
    const preview = await call(owner.cookie, 'POST', '/api/rules/preview', newsletter());
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json() as RulePreviewResponse;
    expect(shown.text).toBe('This rule would have matched 3 threads in the last 30 days');
    expect(shown.threads.map((thread) => thread.subject).sort()).toEqual(['Issue 1', 'Issue 2', 'Issue 3']);
    const created = await call(owner.cookie, 'POST', '/api/rules', newsletter());
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json().rule;
    expect(rule).toMatchObject({ name: 'Newsletters', scope: 'personal', version: 1, matchCount: 0 });
    const applied = await call(owner.cookie, 'POST', `/api/rules/${rule.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    const answer = applied.json() as RuleApplyResponse;
    expect(answer).toMatchObject({ updated: 3, threadCount: 3 });
    const statuses = async () =>
      (await storedItems(h.app, owner.userId, owner.integrationId))
        .map((item) => `${item.subject}:${item.status}`)
        .sort();
    expect(await statuses()).toEqual([
      'A person:inbox',
      'Issue 1:low_priority',
      'Issue 2:low_priority',
      'Issue 3:low_priority',
    ]);
    const issue = (await storedItems(h.app, owner.userId, owner.integrationId)).find(
      (i) => i.subject === 'Issue 1',
    );
    const activity = await call(
      owner.cookie,
      'GET',
      `/api/triage/threads/${encodeURIComponent(issue?.threadKey ?? '')}/activity`,
    );
    expect(activity.json().ruleHistory).toMatchObject([
      { label: "Low Priority — rule 'Newsletters'", actionId: answer.actionId, isUndone: false },
    ]);
    const undone = await call(owner.cookie, 'POST', `/api/triage/actions/${answer.actionId}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await statuses()).filter((line) => line.endsWith(':inbox'))).toHaveLength(4);
  });

  it('changes a rule as a new version, reorders, and deletes', async () => {
    const first = (await call(owner.cookie, 'POST', '/api/rules', newsletter('First'))).json().rule;
    const second = (await call(owner.cookie, 'POST', '/api/rules', newsletter('Second'))).json().rule;
    const changed = await call(owner.cookie, 'PATCH', `/api/rules/${first.id}`, {
      isEnabled: false,
      stopHere: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().rule).toMatchObject({ isEnabled: false, stopHere: true, version: 2 });
    const list = (await call(owner.cookie, 'GET', '/api/rules')).json() as RulesResponse;
    const ids = list.personal.map((rule) => rule.id);
    const reordered = await call(owner.cookie, 'POST', '/api/rules/reorder', { ids: [...ids].reverse() });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json() as RulesResponse).personal.map((rule) => rule.id)).toEqual([...ids].reverse());
    const partial = await call(owner.cookie, 'POST', '/api/rules/reorder', { ids: [second.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.message).toBe(RULE_MESSAGES.reorderMismatch);
    expect((await call(owner.cookie, 'DELETE', `/api/rules/${second.id}`)).statusCode).toBe(204);
    expect((await call(owner.cookie, 'DELETE', `/api/rules/${second.id}`)).statusCode).toBe(404);
  });

  it('a member cannot see, change, apply or delete another member’s personal rule', async () => {
    const rule = (await call(owner.cookie, 'POST', '/api/rules', newsletter('Private'))).json().rule;
    const seen = (await call(member.cookie, 'GET', '/api/rules')).json() as RulesResponse;
    expect(seen.personal.map((r) => r.id)).not.toContain(rule.id);
    for (const [method, url, payload] of [
      ['PATCH', `/api/rules/${rule.id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/rules/${rule.id}`, undefined],
      ['POST', `/api/rules/${rule.id}/apply`, undefined],
    ] as const) {
      const response = await call(member.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.message).toBe(RULE_MESSAGES.notFound);
    }
    const mine = (await call(owner.cookie, 'GET', '/api/rules')).json() as RulesResponse;
    expect(mine.personal.find((r) => r.id === rule.id)?.name).toBe('Private');
  });

  it('firm rules: owners manage them, members read them, and they name only shared mailboxes', async () => {
    const byMember = await call(member.cookie, 'POST', '/api/rules', newsletter('Firm', { scope: 'firm' }));
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(RULE_MESSAGES.ownersOnly);
    const notShared = await call(
      owner.cookie,
      'POST',
      '/api/rules',
      newsletter('Firm', {
        scope: 'firm',
        conditions: [{ kind: 'mailbox_is', mailboxId: owner.integrationId }],
      }),
    );
    expect(notShared.statusCode).toBe(400);
    expect(notShared.json().error.message).toBe(RULE_MESSAGES.mailboxNotShared);
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    const created = await call(
      owner.cookie,
      'POST',
      '/api/rules',
      newsletter('Firm', {
        scope: 'firm',
        conditions: [{ kind: 'mailbox_is', mailboxId: owner.integrationId }],
        actions: [{ kind: 'assign', assigneeUserId: member.userId, todoInDays: 1 }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const seen = (await call(member.cookie, 'GET', '/api/rules')).json() as RulesResponse;
    expect(seen).toMatchObject({ hasFirm: true, canManageFirmRules: false });
    expect(seen.firm.map((rule) => rule.name)).toEqual(['Firm']);
    const changed = await call(member.cookie, 'PATCH', `/api/rules/${created.json().rule.id}`, { name: 'x' });
    expect(changed.statusCode).toBe(403);
  });

  it('refuses bad input with clear messages', async () => {
    const cases: [unknown, number, string | RegExp][] = [
      [{ ...newsletter(), conditions: [] }, 400, 'Add at least one condition.'],
      [{ ...newsletter(), actions: [{ kind: 'snooze', hours: 0 }] }, 400, 'Snooze for at least 1 hour.'],
      [{ ...newsletter(), conditions: [{ kind: 'regex', value: '.*' }] }, 400, /condition/i],
      [
        { ...newsletter(), actions: [{ kind: 'set_client', organisationId: crypto.randomUUID() }] },
        400,
        RULE_MESSAGES.clientNotFound,
      ],
      [
        { ...newsletter(), conditions: [{ kind: 'mailbox_is', mailboxId: crypto.randomUUID() }] },
        400,
        RULE_MESSAGES.mailboxNotYours,
      ],
      [
        { ...newsletter(), actions: [{ kind: 'assign', assigneeUserId: 'nobody', todoInDays: 1 }] },
        400,
        RULE_MESSAGES.assigneeNotMember,
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(owner.cookie, 'POST', '/api/rules', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const text = response.json().error.message as string;
      if (typeof message === 'string') expect(text).toContain(message);
      else expect(text).toMatch(message);
    }
    expect(
      (await call(owner.cookie, 'PATCH', `/api/rules/${crypto.randomUUID()}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call(owner.cookie, 'PATCH', '/api/rules/not-a-uuid', { name: 'x' })).statusCode).toBe(400);
    expect((await h.app.inject({ method: 'GET', url: '/api/rules' })).statusCode).toBe(401);
  });

  it(`refuses the ${RULES_MAX_PER_OWNER + 1}th rule of a user`, async () => {
    const existing = ((await call(owner.cookie, 'GET', '/api/rules')).json() as RulesResponse).personal
      .length;
    for (let index = existing; index < RULES_MAX_PER_OWNER; index++) {
      const response = await call(owner.cookie, 'POST', '/api/rules', newsletter(`Rule ${index}`));
      expect(response.statusCode).toBe(201);
    }
    const over = await call(owner.cookie, 'POST', '/api/rules', newsletter('One too many'));
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(RULE_MESSAGES.personalLimit);
  }, 120_000);
});
