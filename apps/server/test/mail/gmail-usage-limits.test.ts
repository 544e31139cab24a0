import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailProvider, OutgoingMail } from '../../src/mail/core/provider';
import type { MailSession } from '../../src/mail/core/session/mail-session';
import { createGmailAdapterHarness, type GmailAdapterHarness } from './support/gmail-adapter';
import type { ControlClient } from './support/mail-harness';

const SINCE = new Date(Date.now() - 30 * 86_400_000);

/**
 * Gmail's 403 usage-limit answers (the per-user and per-project minute limits) are retried with backoff like a
 * 429, on every call the adapter makes: no database, the adapter against the sandbox's quotas.
 */
describe('Gmail usage limits (403) against the sandbox', () => {
  let h: GmailAdapterHarness;
  let control: ControlClient;
  let gmail: MailProvider;
  let session: MailSession;
  const address = `limits-${Date.now()}@firm.test`;

  beforeAll(async () => {
    h = await createGmailAdapterHarness(address, 12);
    ({ control, gmail, session } = h);
  });
  afterAll(async () => h?.close());
  beforeEach(async () => {
    await control('POST', '/quotas', { provider: 'gmail', enabled: false });
  });

  const gmailCalls = async () => (await control<{ calls: { gmail: number } }>('GET', '/stats')).calls.gmail;

  /** Minute limits in 1 s windows: a call over the limit is refused with 403 until the window turns. */
  const limitPerMinute = (body: Record<string, number>) =>
    control('POST', '/quotas', { provider: 'gmail', enabled: true, minuteSeconds: 1, ...body });

  it('retries a 403 userRateLimitExceeded on messages.list and history.list and completes', async () => {
    const stream = gmail.streams(['inbox'])[0];
    if (!stream) throw new Error('no stream');
    const first = await gmail.listChanges(session, {
      stream,
      cursor: null,
      since: SINCE,
      pageSize: 100,
    });
    expect(first.isComplete).toBe(true);
    await limitPerMinute({ userUnitsPerMinute: 5 });
    const callsBefore = await gmailCalls();
    for (let round = 0; round < 3; round++) {
      const page = await gmail.listChanges(session, {
        stream,
        cursor: first.cursor,
        since: new Date(0),
        pageSize: 100,
      });
      expect(page.isComplete).toBe(true);
    }
    expect(await gmail.listIds(session, { folder: 'inbox', since: SINCE })).toHaveLength(
      (await control<{ folders: { inbox: { total: number } } }>('GET', `/mailboxes/${address}`)).folders.inbox
        .total,
    );
    // Three history reads (2 units each) and a listing (5) cannot fit one 5-unit window: some were refused
    // and asked again.
    expect((await gmailCalls()) - callsBefore).toBeGreaterThan(4);
  });

  it('retries a 403 rateLimitExceeded (the project limit) on getProfile, modify and batchModify', async () => {
    const ids = await gmail.listIds(session, { folder: 'inbox', since: SINCE });
    const id = ids[0];
    if (!id) throw new Error('empty inbox');
    await limitPerMinute({ projectUnitsPerMinute: 50 });
    expect(await gmail.mailboxAddress(session)).toBe(address);
    await gmail.setRead(session, id, true);
    await gmail.setRead(session, id, false);
    const outcomes = await gmail.pushChanges(session, [{ key: 'k', messageId: id, operation: 'read' }]);
    expect(outcomes.get('k')).toMatchObject({ ok: true });
  });

  const mail = (subject: string): OutgoingMail => ({
    to: ['pat@client.test'],
    cc: [],
    subject,
    body: '<p>Hello</p>',
    replyType: 'new',
    threadId: null,
    originalMessageId: null,
    sendId: crypto.randomUUID(),
    mayHaveBeenSent: false,
    firstAttemptAfter: new Date(),
  });

  it('retries a refused send (403 userRateLimitExceeded) and sends it once', async () => {
    await limitPerMinute({ userUnitsPerMinute: 100 });
    await gmail.send(session, mail('First'));
    const callsBefore = await gmailCalls();
    await gmail.send(session, mail('Second, over the limit'));
    expect((await gmailCalls()) - callsBefore).toBeGreaterThan(1);
    const summary = await control<{ messages: Array<{ subject: string }> }>('GET', `/mailboxes/${address}`);
    expect(summary.messages.filter((m) => m.subject === 'Second, over the limit')).toHaveLength(1);
  });
});
