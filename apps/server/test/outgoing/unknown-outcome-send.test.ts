// Decision 029: a send whose answer is lost (the provider sent it, then a gateway's 504, a dropped connection or
// no answer at all) is looked for in Sent by our own identity instead of being posted again, so the client
// gets the message exactly once; a send refused before sending is still tried again and arrives once. Checked
// against the sandbox's half-succeeding faults (after-504 / after-reset / after-timeout) and its Sent folders.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outgoingMail } from '../../src/db/schema/outgoing-mail';
import { withUser } from '../../src/db/with-user';
import { sendDueMail } from '../../src/features/outgoing/outgoing-sender';
import { type Connected, connectFreshMailbox, mailboxSummary, sync } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';
import { ManualClock } from '../support/manual-clock';
import { testDatabaseKinds } from '../support/test-database';

const secrets = {
  AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
};

const SEND_PATH = { office365: 'sendMail', gmail: 'messages/send' } as const;

describe.each(testDatabaseKinds)('a send is never duplicated (%s)', (kind) => {
  let h: MailHarness;
  let clock: ManualClock;
  const boxes = {} as Record<'office365' | 'gmail', Connected>;

  beforeAll(async () => {
    clock = new ManualClock();
    h = await createMailHarness(kind, { env: secrets, clock });
    boxes.office365 = await connectFreshMailbox(h, 'office365', { messages: 3 });
    boxes.gmail = await connectFreshMailbox(h, 'gmail', { messages: 3 });
  }, 60_000);
  afterAll(async () => h?.close());
  afterEach(async () => {
    await h.control('DELETE', '/faults');
  });

  const uniqueSubject = (label: string) => `${label} ${crypto.randomUUID().slice(0, 8)}`;
  const hold = (box: Connected, subject: string, extra: Record<string, unknown> = {}) =>
    callFunction(h.app, box.cookie, 'send-office365-email', {
      to: ['client@client.test'],
      cc: [],
      subject,
      body: `<p>${subject}</p>`,
      holdSeconds: 5,
      integrationId: box.integrationId,
      ...extra,
    });
  const sentCopies = async (box: Connected, subject: string) =>
    (await mailboxSummary(h, box.address)).messages.filter(
      (m) => m.folder === 'sent' && m.subject === subject,
    ).length;
  const rowState = async (box: Connected, id: string) => {
    const [row] = await withUser(h.app.db, box.userId, (tx) =>
      tx.select().from(outgoingMail).where(eq(outgoingMail.id, id)),
    );
    return row?.state;
  };
  const arm = (
    provider: 'office365' | 'gmail',
    status: unknown,
    pathContains: string = SEND_PATH[provider],
  ) => h.control('POST', '/faults', { provider, status, count: 1, pathContains });

  describe.each(['office365', 'gmail'] as const)('%s', (provider) => {
    it.each(['after-504', 'after-reset'])(
      'a send that went out but answered %s is delivered once and the row is marked sent',
      async (fault) => {
        const box = boxes[provider];
        const subject = uniqueSubject(`Half ${fault}`);
        const held = await hold(box, subject);
        expect(held.statusCode, held.body).toBe(200);
        await arm(provider, fault);
        clock.advance(5000);
        expect(await sendDueMail(h.app, clock)).toEqual({ sent: 1, retried: 0, failed: 0 });
        expect(await sentCopies(box, subject)).toBe(1);
        expect(await rowState(box, held.json().outgoingId)).toBe('sent');
        // Nothing is left to send again later.
        clock.advance(600_000);
        expect(await sendDueMail(h.app, clock)).toEqual({ sent: 0, retried: 0, failed: 0 });
        expect(await sentCopies(box, subject)).toBe(1);
      },
    );

    it('a send refused before sending (503) is tried again later and delivered once', async () => {
      const box = boxes[provider];
      const subject = uniqueSubject('Refused');
      const held = await hold(box, subject);
      await arm(provider, 503);
      clock.advance(5000);
      expect(await sendDueMail(h.app, clock)).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await sentCopies(box, subject)).toBe(0);
      clock.advance(30_000);
      expect(await sendDueMail(h.app, clock)).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(await sentCopies(box, subject)).toBe(1);
      expect(await rowState(box, held.json().outgoingId)).toBe('sent');
    });

    it('a send at once (no hold) that answered a 504 after sending answers success, sent once', async () => {
      const box = boxes[provider];
      const subject = uniqueSubject('At once');
      await arm(provider, 'after-504');
      const response = await hold(box, subject, { holdSeconds: 0 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, sentFrom: box.address });
      expect(await sentCopies(box, subject)).toBe(1);
    });
  });

  it('a Graph reply that went out but answered 504 is delivered once', async () => {
    const box = boxes.office365;
    await sync(h, box);
    const item = (await storedItems(h.app, box.userId, box.integrationId)).find(
      (row) => row.emailMessageId && row.emailThreadId,
    );
    if (!item) throw new Error('no synced item to reply to');
    const subject = uniqueSubject('Re: Half reply');
    const sentBefore = (await mailboxSummary(h, box.address)).folders.sent.total;
    const held = await hold(box, subject, {
      replyType: 'reply',
      triageItemId: item.id,
      threadId: item.emailThreadId,
      originalMessageId: item.emailMessageId,
    });
    expect(held.statusCode, held.body).toBe(200);
    await arm('office365', 'after-504', '/reply');
    clock.advance(5000);
    expect(await sendDueMail(h.app, clock)).toEqual({ sent: 1, retried: 0, failed: 0 });
    // Graph's reply keeps the original's subject: count the Sent Items instead.
    expect((await mailboxSummary(h, box.address)).folders.sent.total).toBe(sentBefore + 1);
    expect(await rowState(box, held.json().outgoingId)).toBe('sent');
  });

  it('a Graph send that went out and never answered (timeout) is delivered once', async () => {
    const box = boxes.office365;
    const subject = uniqueSubject('Half timeout');
    const held = await hold(box, subject);
    await arm('office365', 'after-timeout');
    clock.advance(5000);
    expect(await sendDueMail(h.app, clock)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sentCopies(box, subject)).toBe(1);
    expect(await rowState(box, held.json().outgoingId)).toBe('sent');
  }, 60_000);
});
