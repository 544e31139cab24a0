import type { Provider } from '@ledgerdesk/domain/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIntegration } from '../../src/mail/mail-service';
import { testDatabaseKinds } from '../support/test-database';
import { connectFreshMailbox } from './support/mail-fixtures';
import { createMailHarness, type MailHarness } from './support/mail-harness';
import { storedItems } from './support/mailbox-compare';

// A run that stops inside a round of changes (its budget, or a crash) leaves a cursor in the middle of that
// round. Graph's nextLinks and Gmail's history pages end where the round began, so the next run — often woken by
// a notification for a newer message — must not stop at that round's end: it reads one more round.
describe.each(testDatabaseKinds)('a sync resumed inside a round of changes (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => {
    await h?.app.outbox.stop();
    await h?.close();
  });

  it.each<Provider>(['office365', 'gmail'])(
    'brings in mail that arrived after the round began (%s)',
    async (provider) => {
      const box = await connectFreshMailbox(h, provider, { messages: 2 });
      const sync = (options: { maxEmails?: number; pageSize?: number } = {}) =>
        syncIntegration(
          { deps: h.app.mail, userId: box.userId },
          { integrationId: box.integrationId, ...options },
        );
      expect((await sync()).criticalErrors).toBe(0);
      const deliver = (subject: string) =>
        h.control('POST', '/messages', {
          mailbox: box.address,
          from: 'Pat Client <pat@client.test>',
          to: [box.address],
          subject,
          text: 'Hello.',
        });
      for (const index of [1, 2, 3]) await deliver(`In the round ${index}`);
      // One page of one change: the run stops inside the round.
      expect((await sync({ maxEmails: 1, pageSize: 1 })).criticalErrors).toBe(0);
      await deliver('After the round began');
      expect((await sync()).criticalErrors).toBe(0);
      const subjects = (await storedItems(h.app, box.userId, box.integrationId)).map((item) => item.subject);
      expect(subjects).toEqual(
        expect.arrayContaining(['In the round 2', 'In the round 3', 'After the round began']),
      );
    },
  );
});
