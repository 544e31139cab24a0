// Decision 012 (decision 014): automated mail (list headers, Auto-Submitted, Precedence, no-reply senders) is synced
// as type `notification` from Office 365 and Gmail alike, and a user's choice for a sender sticks across syncs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/test-database';
import { type Connected, connectFreshMailbox, sync } from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';
import { storedItems } from './support/mailbox-compare';

const kinds = testDatabaseKinds.flatMap((kind) =>
  (['office365', 'gmail'] as const).map((p) => [kind, p] as const),
);

describe.each(kinds)('automated mail on %s from %s', (kind, provider) => {
  let h: MailHarness;
  let box: Connected;
  const deliver = (subject: string, from: string, headers?: Record<string, string>) =>
    h.control('POST', '/messages', {
      mailbox: box.address,
      from,
      to: [box.address],
      subject,
      text: `About ${subject}.`,
      ...(headers ? { headers } : {}),
    });
  const typeOf = async (subject: string) => {
    const items = (await storedItems(h.app, box.userId, box.integrationId)).filter(
      (i) => i.subject === subject,
    );
    expect(items, subject).toHaveLength(1);
    return { type: items[0]?.type, metadata: items[0]?.metadata as Record<string, unknown> };
  };

  beforeAll(async () => {
    h = await createMailHarness(kind);
    box = await connectFreshMailbox(h, provider, { messages: 0 });
  }, 60_000);
  afterAll(async () => h?.close());

  it('types list mail, automatic mail, bulk mail and no-reply senders as notifications; people stay email', async () => {
    await deliver('Weekly digest', 'Acme News <news@acme.test>', {
      'List-Unsubscribe': '<https://acme.test/unsubscribe?u=1>, <mailto:leave@acme.test>',
      'List-Id': 'Acme News <news.acme.test>',
    });
    await deliver('Out of office', 'Jo Client <jo@client.test>', { 'Auto-Submitted': 'auto-replied' });
    await deliver('Offer inside', 'Promo <promo@shop.test>', { Precedence: 'bulk' });
    await deliver('Your return was filed', 'HMRC <noreply@tax.test>');
    await deliver('Year-end accounts', 'Priya Natarajan <priya@northgate.test>', { 'Auto-Submitted': 'no' });
    await sync(h, box);

    const digest = await typeOf('Weekly digest');
    expect(digest.type).toBe('notification');
    expect(digest.metadata.notification_sender).toBe('Acme News <news@acme.test>');
    expect(digest.metadata.automated_reason).toBe('list-unsubscribe');
    expect((await typeOf('Out of office')).type).toBe('notification');
    expect((await typeOf('Offer inside')).type).toBe('notification');
    expect((await typeOf('Your return was filed')).metadata.automated_reason).toBe('no-reply sender');
    expect((await typeOf('Year-end accounts')).type).toBe('email');

    // The Notifications tab lists them (the spec's tab id).
    const tab = await h.app.inject({
      method: 'GET',
      url: '/api/triage/threads?view=inbox&tab=notification',
      headers: { cookie: box.cookie },
    });
    expect(
      tab
        .json()
        .groups.map((group: { subject: string }) => group.subject)
        .sort(),
    ).toEqual(['Offer inside', 'Out of office', 'Weekly digest', 'Your return was filed']);
  });

  it('moves a sender to Email and back; the choice sticks for new mail and across syncs', async () => {
    const move = (address: string, to: 'email' | 'notification') =>
      h.app.inject({
        method: 'POST',
        url: '/api/triage/senders',
        headers: { cookie: box.cookie },
        payload: { address, kind: to },
      });
    const moved = await move('News@Acme.test', 'email');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ address: 'news@acme.test', kind: 'email', updated: 1 });
    expect((await typeOf('Weekly digest')).type).toBe('email');

    await deliver('Weekly digest 2', 'Acme News <news@acme.test>', {
      'List-Unsubscribe': '<https://acme.test/u>',
    });
    await sync(h, box);
    expect((await typeOf('Weekly digest')).type).toBe('email');
    expect((await typeOf('Weekly digest 2')).type).toBe('email');

    // A person can be sent to Notifications too.
    expect((await move('priya@northgate.test', 'notification')).json().updated).toBe(1);
    await sync(h, box);
    expect((await typeOf('Year-end accounts')).type).toBe('notification');

    for (const bad of [
      { address: 'not-an-address', kind: 'email' },
      { address: 'a@b.test', kind: 'spam' },
      {},
    ])
      expect(
        (
          await h.app.inject({
            method: 'POST',
            url: '/api/triage/senders',
            headers: { cookie: box.cookie },
            payload: bad,
          })
        ).statusCode,
      ).toBe(400);
  });
});
