import type {
  BulkUpdateResponse,
  ItemUpdateResponse,
  UndoActionResponse,
} from '@ledgerdesk/domain/api/triage';
import type { OAuthProvider } from '@ledgerdesk/domain/entities';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { syncIntegration } from '../../src/mail/mail-service';
import { waitFor } from '../jobs/support/job-rows';
import { connectMailbox, createMailHarness, type MailHarness, signUp } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';

type SandboxMessage = { id: string; subject: string; folder: string; isRead: boolean };
type SandboxChange = {
  kind: string;
  immutableId: string;
  id: string;
  folder: string;
  labelsRemoved?: string[];
};

const OUTAGE_MS = 20_000;
/** The path of each provider's batch call the outbox pushes with. */
const PUSH_PATH: Record<OAuthProvider, string> = { office365: '$batch', gmail: 'batchModify' };

// Decision 010: actions answer at once and reach the mailbox through the outbox, across outages, syncs and Undo.
describe.each(testDatabaseKinds)('the mailbox outbox (%s)', (kind) => {
  let h: MailHarness;
  let mailboxes = 0;
  beforeAll(async () => {
    h = await createMailHarness(kind);
    h.app.outbox.start();
  });
  afterAll(async () => {
    await h?.app.outbox.stop();
    await h?.close();
  });

  async function mailboxWith(
    provider: OAuthProvider,
    count: number,
    options: { archiveFolder?: boolean } = {},
  ) {
    mailboxes += 1;
    const address = `outbox-${kind}-${mailboxes}-${provider}@firm.test`;
    await h.control('POST', '/mailboxes', { address, provider, messages: 0, ...options });
    for (let index = 0; index < count; index++) {
      await h.control('POST', '/messages', {
        mailbox: address,
        from: 'Pat Client <pat@client.test>',
        to: [address],
        subject: `Request ${index + 1}`,
        text: `Message ${index + 1}.`,
      });
    }
    const owner = await signUp(h.app, `owner-${address}`);
    const integrationId = await connectMailbox(h.app, owner.cookie, provider, address);
    const report = await syncIntegration({ deps: h.app.mail, userId: owner.userId }, { integrationId });
    expect(report.criticalErrors).toBe(0);
    const items = rowsOf<{ id: string; subject: string }>(
      await withUser(h.app.db, owner.userId, (tx) =>
        tx.execute(sql`select id, subject from triage_items where email_integration_id = ${integrationId}
          order by subject`),
      ),
    );
    expect(items).toHaveLength(count);
    const messages = async () =>
      (await h.control<{ messages: SandboxMessage[] }>('GET', `/mailboxes/${encodeURIComponent(address)}`))
        .messages;
    const changes = async () =>
      (
        await h.control<{ changes: SandboxChange[] }>(
          'GET',
          `/mailboxes/${encodeURIComponent(address)}/changes`,
        )
      ).changes;
    const itemState = async (id: string) =>
      rowsOf<{ status: string; is_read: boolean; metadata: Record<string, unknown> }>(
        await withUser(h.app.db, owner.userId, (tx) =>
          tx.execute(sql`select status, is_read, metadata from triage_items where id = ${id}`),
        ),
      )[0];
    const changeStates = async () =>
      Object.fromEntries(
        rowsOf<{ state: string; count: string }>(
          await withUser(h.app.db, owner.userId, (tx) =>
            tx.execute(sql`select state, count(*) as count from mailbox_changes
              where email_integration_id = ${integrationId} group by state`),
          ),
        ).map((row) => [row.state, Number(row.count)]),
      );
    return { address, ...owner, integrationId, items, messages, changes, itemState, changeStates };
  }

  const bulk = (cookie: string, ids: string[], patch: object) =>
    h.app.inject({
      method: 'POST',
      url: '/api/triage/items/bulk-update',
      headers: { cookie },
      payload: { ids, patch },
    });
  const patchItem = (cookie: string, id: string, patch: object) =>
    h.app.inject({ method: 'PATCH', url: `/api/triage/items/${id}`, headers: { cookie }, payload: patch });
  const undo = (cookie: string, actionId: string) =>
    h.app.inject({ method: 'POST', url: `/api/triage/actions/${actionId}/undo`, headers: { cookie } });
  const outage = (provider: OAuthProvider) =>
    h.control('POST', '/faults', {
      provider,
      status: 503,
      count: 1_000_000,
      pathContains: PUSH_PATH[provider],
    });
  const endOutage = () => h.control('DELETE', '/faults');

  it('clears 200 items at once while the provider is down for 20 s; the mailbox catches up, each moved once', async () => {
    const box = await mailboxWith('office365', 200);
    await outage('office365');
    const startedAt = Date.now();
    try {
      const response = await bulk(
        box.cookie,
        box.items.map((item) => item.id),
        { status: 'cleared' },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json() as BulkUpdateResponse).toMatchObject({ updated: 200, failed: [] });
      expect((await box.itemState(box.items[0]!.id))?.status).toBe('cleared');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + OUTAGE_MS - Date.now())));
      expect((await box.messages()).filter((message) => message.folder === 'archive')).toHaveLength(0);
      expect((await box.itemState(box.items[199]!.id))?.status).toBe('cleared');
    } finally {
      await endOutage();
    }
    await waitFor(
      async () => (await box.messages()).every((message) => message.folder === 'archive'),
      60_000,
    );
    await h.app.outbox.idle();
    const moves = (await box.changes()).filter((change) => change.kind === 'moved');
    const perMessage = new Map<string, number>();
    for (const move of moves) perMessage.set(move.immutableId, (perMessage.get(move.immutableId) ?? 0) + 1);
    expect(perMessage.size).toBe(200);
    expect([...perMessage.values()].every((count) => count === 1)).toBe(true);
    expect(await box.changeStates()).toEqual({ done: 200 });
    for (const item of box.items.slice(0, 5)) {
      const state = await box.itemState(item.id);
      expect(state?.status).toBe('cleared');
      expect(state?.metadata.mailbox_change_failed).toBeUndefined();
    }
  }, 120_000);

  it('a sync while changes wait for the mailbox does not flip the items back', async () => {
    const box = await mailboxWith('gmail', 3);
    const [cleared, read] = box.items;
    await outage('gmail');
    try {
      expect((await patchItem(box.cookie, cleared!.id, { status: 'cleared' })).statusCode).toBe(200);
      expect((await patchItem(box.cookie, read!.id, { isRead: true })).statusCode).toBe(200);
      await h.app.outbox.idle();
      const report = await syncIntegration(
        { deps: h.app.mail, userId: box.userId },
        { integrationId: box.integrationId },
      );
      expect(report.criticalErrors).toBe(0);
      expect((await box.itemState(cleared!.id))?.status).toBe('cleared');
      expect((await box.itemState(read!.id))?.is_read).toBe(true);
    } finally {
      await endOutage();
    }
    await waitFor(async () => {
      const messages = await box.messages();
      const bySubject = (subject: string) => messages.find((message) => message.subject === subject);
      return bySubject(cleared!.subject)?.folder === 'archive' && bySubject(read!.subject)?.isRead === true;
    }, 30_000);
    expect(await box.changeStates()).toEqual({ done: 2 });
  }, 60_000);

  it('undo before the push cancels the change: the mailbox never moves', async () => {
    const box = await mailboxWith('office365', 2);
    const item = box.items[0]!;
    await outage('office365');
    let actionId = '';
    try {
      const cleared = await patchItem(box.cookie, item.id, { status: 'cleared' });
      actionId = (cleared.json() as ItemUpdateResponse).actionId;
      expect(actionId).toMatch(/^[0-9a-f-]{36}$/);
      await h.app.outbox.idle();
      const undone = await undo(box.cookie, actionId);
      expect(undone.statusCode).toBe(200);
      expect(undone.json() as UndoActionResponse).toMatchObject({ undone: 1 });
      expect((undone.json() as UndoActionResponse).items[0]?.status).toBe('inbox');
    } finally {
      await endOutage();
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await h.app.outbox.idle();
    expect((await box.changes()).filter((change) => change.kind === 'moved')).toEqual([]);
    expect(await box.changeStates()).toEqual({ cancelled: 1 });
    expect((await box.itemState(item.id))?.status).toBe('inbox');
    expect((await undo(box.cookie, actionId)).statusCode).toBe(409);
  }, 60_000);

  it.each(['office365', 'gmail'] as const)(
    '%s: undo after the push moves the messages back, bulk included',
    async (provider) => {
      const box = await mailboxWith(provider, 3);
      const ids = box.items.map((item) => item.id);
      const cleared = (await bulk(box.cookie, ids, { status: 'cleared' })).json() as BulkUpdateResponse;
      await h.app.outbox.idle();
      expect((await box.messages()).every((message) => message.folder === 'archive')).toBe(true);
      const undone = await undo(box.cookie, cleared.actionId);
      expect(undone.statusCode).toBe(200);
      expect((undone.json() as UndoActionResponse).items.map((item) => item.status)).toEqual([
        'inbox',
        'inbox',
        'inbox',
      ]);
      await h.app.outbox.idle();
      await waitFor(
        async () => (await box.messages()).every((message) => message.folder === 'inbox'),
        15_000,
      );
      expect(await box.changeStates()).toEqual({ done: 6 });
      // A sync afterwards agrees with what the user sees.
      await syncIntegration({ deps: h.app.mail, userId: box.userId }, { integrationId: box.integrationId });
      for (const id of ids) expect((await box.itemState(id))?.status).toBe('inbox');
    },
    60_000,
  );

  it('undo is for the action owner, once', async () => {
    const box = await mailboxWith('gmail', 1);
    const other = await signUp(h.app, `other-${kind}-${Date.now()}@ledgerdesk.test`);
    const later = (
      await patchItem(box.cookie, box.items[0]!.id, { status: 'later' })
    ).json() as ItemUpdateResponse;
    expect((await undo(other.cookie, later.actionId)).statusCode).toBe(404);
    expect((await box.itemState(box.items[0]!.id))?.status).toBe('later');
    const undone = await undo(box.cookie, later.actionId);
    expect(undone.statusCode).toBe(200);
    expect((await box.itemState(box.items[0]!.id))?.status).toBe('inbox');
    expect((await undo(box.cookie, later.actionId)).json()).toMatchObject({
      error: { message: 'This action has already been undone.' },
    });
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/triage/actions/not-a-uuid/undo',
          headers: { cookie: box.cookie },
        })
      ).statusCode,
    ).toBe(400);
  });

  it.each([
    ['gmail', 1],
    ['office365', 3],
  ] as const)('%s: a bulk clear of 45 takes %i batch call(s)', async (provider, batches) => {
    const box = await mailboxWith(provider, 45);
    const calls = async () =>
      (await h.control<{ calls: Record<OAuthProvider, number> }>('GET', '/stats')).calls[provider];
    const before = await calls();
    await bulk(
      box.cookie,
      box.items.map((item) => item.id),
      { status: 'cleared' },
    );
    await h.app.outbox.idle();
    expect((await box.messages()).every((message) => message.folder === 'archive')).toBe(true);
    // Graph also looks its folders up once per push.
    expect((await calls()) - before).toBeLessThanOrEqual(batches + (provider === 'office365' ? 2 : 0));
  });

  it('archive-email goes through the outbox and still answers with the outcome', async () => {
    const box = await mailboxWith('office365', 1);
    const item = box.items[0]!;
    const [stored] = rowsOf<{ email_message_id: string }>(
      await withUser(h.app.db, box.userId, (tx) =>
        tx.execute(sql`select email_message_id from triage_items where id = ${item.id}`),
      ),
    );
    const archive = (payload: object, cookie = box.cookie) =>
      h.app.inject({ method: 'POST', url: '/api/functions/archive-email', headers: { cookie }, payload });
    const answer = await archive({ messageId: stored!.email_message_id, integrationId: box.integrationId });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ success: true });
    expect((await box.messages())[0]?.folder).toBe('archive');
    expect((await box.itemState(item.id))?.metadata.exchange_folder_state).toBe('archive');

    const bare = await mailboxWith('office365', 1, { archiveFolder: false });
    const [bareMessage] = await bare.messages();
    const refused = await archive(
      { messageId: bareMessage!.id, integrationId: bare.integrationId },
      bare.cookie,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'No Archive folder was found in your mailbox. Please create an Archive folder in your mailbox first, then try again.',
    );
    expect((await bare.itemState(bare.items[0]!.id))?.metadata.exchange_folder_state).toBeUndefined();
  });

  it('prunes settled changes and old undo records, never open ones', async () => {
    const box = await mailboxWith('gmail', 2);
    const [done, open] = box.items;
    await patchItem(box.cookie, done!.id, { status: 'cleared' });
    await h.app.outbox.idle();
    await outage('gmail');
    try {
      await patchItem(box.cookie, open!.id, { status: 'cleared' });
      await h.app.outbox.idle();
      await h.app.db.execute(sql`select ledgerdesk_outbox_prune(now() + interval '1 hour')`);
      expect(await box.changeStates()).toEqual({ pending: 1 });
    } finally {
      await endOutage();
    }
  });
});
