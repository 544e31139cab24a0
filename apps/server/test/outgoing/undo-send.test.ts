// Undo send (decision 010): send-office365-email with holdSeconds keeps the message server-side for the window, the
// sender hands it to the provider once due (on any node, exactly once), and POST /api/outgoing/:id/cancel takes
// it back while it is still held. Checked against the sandbox's own Sent folder.
import crypto from 'node:crypto';
import { NOTICE_EVENT, USER_NOTICES_CHANNEL } from '@ledgerdesk/domain/api/notice-events';
import { OUTGOING_ALREADY_SENT } from '@ledgerdesk/domain/api/outgoing-endpoints';
import { SEND_ERRORS } from '@ledgerdesk/domain/mail/send-errors';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { type Database, openDatabase } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { sendDueMail } from '../../src/features/outgoing/outgoing-sender';
import type { Clock } from '../../src/time/clock';
import { type Connected, connectFreshMailbox, mailboxSummary, sync } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness, sandboxEnv } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { ManualClock } from '../support/manual-clock';
import { testEnv } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const secrets = {
  AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
};

describe.each(testDatabaseKinds)('undo send (%s)', (kind) => {
  let h: MailHarness;
  let clock: ManualClock;
  let box: Connected;
  let other: Connected;
  let subjectCounter = 0;

  beforeAll(async () => {
    clock = new ManualClock();
    h = await createMailHarness(kind, { env: secrets, clock });
    box = await connectFreshMailbox(h, 'office365', { messages: 4 });
    other = await connectFreshMailbox(h, 'gmail', { messages: 2 });
  }, 60_000);
  afterAll(async () => h?.close());

  const uniqueSubject = (label: string) => `${label} ${++subjectCounter} ${crypto.randomUUID().slice(0, 8)}`;
  const hold = (subject: string, holdSeconds = 5, extra: Record<string, unknown> = {}, who = box) =>
    callFunction(h.app, who.cookie, 'send-office365-email', {
      to: ['client@client.test'],
      cc: ['partner@firm.test'],
      subject,
      body: `<p>${subject}</p>`,
      holdSeconds,
      ...extra,
    });
  const cancel = (id: string, who = box) =>
    h.app.inject({ method: 'POST', url: `/api/outgoing/${id}/cancel`, headers: { cookie: who.cookie } });
  const sentCopies = async (subject: string, who = box) =>
    (await mailboxSummary(h, who.address)).messages.filter(
      (m) => m.folder === 'sent' && m.subject === subject,
    ).length;

  it('without a hold still sends at once and answers only sentFrom', async () => {
    const subject = uniqueSubject('At once');
    const response = await hold(subject, 0);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, sentFrom: box.address });
    expect(await sentCopies(subject)).toBe(1);
  });

  it('holds the message for the window, then the sender sends it once the clock passes sendAt', async () => {
    const subject = uniqueSubject('Held');
    const before = clock.now().getTime();
    const response = await hold(subject, 5);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, sentFrom: box.address });
    expect(body.outgoingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(body.sendAt)).toBe(before + 5000);
    expect(await sentCopies(subject)).toBe(0);
    clock.advance(4000);
    expect((await sendDueMail(h.app, clock)).sent).toBe(0);
    expect(await sentCopies(subject)).toBe(0);
    clock.advance(1000);
    expect(await sendDueMail(h.app, clock)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sentCopies(subject)).toBe(1);
    clock.advance(5000);
    expect((await sendDueMail(h.app, clock)).sent).toBe(0);
    expect(await sentCopies(subject)).toBe(1);
  });

  it('cancel inside the window answers the message as written, and it never reaches Sent', async () => {
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (row) => row.emailMessageId && row.emailThreadId,
    );
    if (!item) throw new Error('no synced item to reply to');
    const sentBefore = (await mailboxSummary(h, box.address)).folders.sent.total;
    const subject = uniqueSubject('Re: Undone');
    const response = await hold(subject, 10, {
      replyType: 'reply',
      triageItemId: item.id,
      threadId: item.emailThreadId,
      originalMessageId: item.emailMessageId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = await cancel(response.json().outgoingId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({
      mail: {
        integrationId: box.integrationId,
        to: ['client@client.test'],
        cc: ['partner@firm.test'],
        subject,
        body: `<p>${subject}</p>`,
        replyType: 'reply',
        triageItemId: item.id,
        threadId: item.emailThreadId,
        originalMessageId: item.emailMessageId,
      },
    });
    clock.advance(60_000);
    await sendDueMail(h.app, clock);
    expect(await sentCopies(subject)).toBe(0);
    expect((await mailboxSummary(h, box.address)).folders.sent.total).toBe(sentBefore);
    // Taken back once: the id is gone.
    expect((await cancel(response.json().outgoingId)).statusCode).toBe(404);
  });

  it('cancel after sending answers 409 with a clear message', async () => {
    const subject = uniqueSubject('Too late');
    const { outgoingId } = (await hold(subject, 5)).json();
    clock.advance(5000);
    expect((await sendDueMail(h.app, clock)).sent).toBe(1);
    const late = await cancel(outgoingId);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(OUTGOING_ALREADY_SENT);
    expect(await sentCopies(subject)).toBe(1);
  });

  it("another user's id is 404 and stays held; a malformed id is 400", async () => {
    const subject = uniqueSubject('Not yours');
    const { outgoingId } = (await hold(subject, 5)).json();
    const foreign = await cancel(outgoingId, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(subject);
    expect((await cancel(crypto.randomUUID())).statusCode).toBe(404);
    const malformed = await cancel('not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toMatch(/id/);
    clock.advance(5000);
    expect((await sendDueMail(h.app, clock)).sent).toBe(1);
    expect(await sentCopies(subject)).toBe(1);
  });

  it('validates before holding: bad holdSeconds is 400, a reply to an item not yours is 404, nothing is held', async () => {
    for (const holdSeconds of [31, -1, 1.5, '5']) {
      const response = await hold(uniqueSubject('Bad hold'), holdSeconds as number);
      expect(response.statusCode, String(holdSeconds)).toBe(400);
      expect(response.json().error.message).toMatch(/holdSeconds/);
    }
    await sync(h, other);
    const [foreignItem] = await storedItems(h.app, other.userId, other.integrationId);
    const subject = uniqueSubject('Foreign reply');
    const refused = await hold(subject, 5, { replyType: 'reply', triageItemId: foreignItem?.id });
    expect(refused.statusCode).toBe(404);
    clock.advance(5000);
    expect(await sendDueMail(h.app, clock)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await sentCopies(subject)).toBe(0);
  });

  it('a provider outage is retried later; a send refused for good is kept as failed and the user is told', async () => {
    const subject = uniqueSubject('Outage');
    await hold(subject, 5);
    await h.control('POST', '/faults', {
      provider: 'office365',
      status: 503,
      count: 50,
      pathContains: 'sendMail',
    });
    try {
      clock.advance(5000);
      expect(await sendDueMail(h.app, clock)).toEqual({ sent: 0, retried: 1, failed: 0 });
    } finally {
      await h.control('DELETE', '/faults');
    }
    // A 503 may follow a send that happened: the next try waits out the Sent copy's grace (decision 029).
    clock.advance(5000);
    expect((await sendDueMail(h.app, clock)).sent).toBe(0);
    clock.advance(25_000);
    expect((await sendDueMail(h.app, clock)).sent).toBe(1);
    expect(await sentCopies(subject)).toBe(1);

    const notices: string[] = [];
    const stop = await h.database.listen(USER_NOTICES_CHANNEL, (payload) => notices.push(payload));
    const revoked = await connectFreshMailbox(h, 'office365', { messages: 1 });
    const doomed = uniqueSubject('Doomed');
    const { outgoingId } = (await hold(doomed, 5, {}, revoked)).json();
    await h.control('POST', `/mailboxes/${encodeURIComponent(revoked.address)}/revoke`);
    clock.advance(5000);
    expect((await sendDueMail(h.app, clock)).failed).toBe(1);
    await waitUntil(() => notices.length > 0);
    await stop();
    expect(JSON.parse(notices[0] ?? '{}')).toEqual({
      kind: 'send-failed',
      title: SEND_ERRORS.TOKEN_REFRESH_FAILED.title,
      description: SEND_ERRORS.TOKEN_REFRESH_FAILED.description,
      outgoingId,
      userId: revoked.userId,
    });
    expect(await sentCopies(doomed, revoked)).toBe(0);
    // A failed message can still be taken back into the compose dialog.
    const back = await cancel(outgoingId, revoked);
    expect(back.statusCode).toBe(200);
    expect(back.json().mail.subject).toBe(doomed);
  });

  it('a failure notice reaches the owner on the event stream as `event: notice`', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const response = await fetch(`${address}/api/events`, {
        headers: { cookie: box.cookie },
        signal: controller.signal,
      });
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no stream');
      const decoder = new TextDecoder();
      let text = '';
      const read = (async () => {
        while (!text.includes(`event: ${NOTICE_EVENT}`)) {
          const chunk = await reader.read();
          if (chunk.done) break;
          text += decoder.decode(chunk.value);
        }
      })();
      await waitUntil(() => text.includes(': connected'));
      const { notifyUser } = await import('../../src/realtime/user-notices');
      await notifyUser(h.app.db, other.userId, {
        kind: 'send-failed',
        title: 'Not for box',
        description: 'x',
      });
      await notifyUser(h.app.db, box.userId, {
        kind: 'send-failed',
        title: SEND_ERRORS.UNKNOWN.title,
        description: SEND_ERRORS.UNKNOWN.description,
      });
      await read;
      expect(text).toContain(
        `event: notice\ndata: ${JSON.stringify({ kind: 'send-failed', title: SEND_ERRORS.UNKNOWN.title, description: SEND_ERRORS.UNKNOWN.description })}`,
      );
      expect(text).not.toContain('Not for box');
    } finally {
      controller.abort();
    }
  });

  it('a server restart inside the window still sends the message', async () => {
    const first = await secondNode(h, kind, clock);
    const subject = uniqueSubject('Survives restart');
    const response = await first.app.inject({
      method: 'POST',
      url: '/api/functions/send-office365-email',
      headers: { cookie: box.cookie },
      payload: { to: ['client@client.test'], subject, body: '<p>Still going out.</p>', holdSeconds: 5 },
    });
    expect(response.statusCode, response.body).toBe(200);
    await first.close();
    const restarted = await secondNode(h, kind, clock);
    try {
      clock.advance(5000);
      expect((await sendDueMail(restarted.app, clock)).sent).toBe(1);
      expect(await sentCopies(subject)).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('a held reply with a follow-up reminder gets its reminder when it actually goes out', async () => {
    const reminders = async () =>
      withUser(h.app.db, box.userId, async (tx) =>
        rowsOf<{ sent_at: Date }>(
          await tx.execute(sql`select sent_at from follow_up_reminders where subject = ${subject}`),
        ),
      );
    const subject = uniqueSubject('Reminded');
    const followUpAt = new Date(clock.now().getTime() + 86_400_000).toISOString();
    expect((await hold(subject, 5, { followUpAt })).statusCode).toBe(200);
    expect(await reminders()).toHaveLength(0);
    clock.advance(5000);
    expect((await sendDueMail(h.app, clock)).sent).toBe(1);
    expect(await reminders()).toHaveLength(1);
  });

  it('a message whose node died while sending is sent by another node once its lease has run out', async () => {
    const subject = uniqueSubject('Orphaned');
    const { outgoingId } = (await hold(subject, 5)).json();
    clock.advance(5000);
    // A node claims it and dies before sending.
    const claimed = rowsOf<{ id: string }>(
      await h.app.db.execute(
        sql`select * from ledgerdesk_claim_due_outgoing_mail(${clock.now().toISOString()}::timestamptz, 50, 120)`,
      ),
    );
    expect(claimed.map((row) => row.id)).toEqual([outgoingId]);
    expect(await sendDueMail(h.app, clock)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await cancel(outgoingId)).statusCode).toBe(409);
    await withUser(h.app.db, box.userId, (tx) =>
      tx.execute(
        sql`update outgoing_mail set claimed_until = now() - interval '1 second' where id = ${outgoingId}`,
      ),
    );
    expect((await sendDueMail(h.app, clock)).sent).toBe(1);
    expect(await sentCopies(subject)).toBe(1);
  });

  it('two nodes sending at the same moment send each held message exactly once', async () => {
    const node = await secondNode(h, kind, clock);
    try {
      const subjects = Array.from({ length: 8 }, () => uniqueSubject('Race'));
      for (const subject of subjects) expect((await hold(subject, 5)).statusCode).toBe(200);
      clock.advance(5000);
      // Both at once, and again while the first passes are still talking to the provider.
      const later = (app: FastifyInstance, ms: number) =>
        new Promise<Awaited<ReturnType<typeof sendDueMail>>>((resolve, reject) =>
          setTimeout(() => sendDueMail(app, clock).then(resolve, reject), ms),
        );
      const passes = await Promise.all([
        sendDueMail(h.app, clock),
        sendDueMail(node.app, clock),
        later(node.app, 30),
        later(h.app, 60),
      ]);
      expect(passes.reduce((sum, pass) => sum + pass.sent, 0)).toBe(subjects.length);
      expect(passes.reduce((sum, pass) => sum + pass.failed + pass.retried, 0)).toBe(0);
      const again = await Promise.all([sendDueMail(h.app, clock), sendDueMail(node.app, clock)]);
      expect(again[0].sent + again[1].sent).toBe(0);
      for (const subject of subjects) expect(await sentCopies(subject), subject).toBe(1);
    } finally {
      await node.close();
    }
  });
});

/**
 * Another server on the same database: on PostgreSQL its own connection pool, as a second process would have;
 * on PGlite the one embedded database (a restart there reopens the same data directory).
 */
async function secondNode(
  h: MailHarness,
  kind: string,
  clock: Clock,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database: Database =
    kind === 'postgres' && h.database.url ? await openDatabase({ databaseUrl: h.database.url }) : h.database;
  const env = testEnv({
    DATA_DIR: h.app.env.DATA_DIR,
    ...sandboxEnv(h.sandbox.url),
    ...secrets,
  });
  const app = await buildApp({ env, database, publicUrl: 'http://localhost:3000', clock });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== h.database) await database.close();
    },
  };
}

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > giveUp) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
