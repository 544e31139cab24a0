import type { Provider } from '@ledgerdesk/domain/entities';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { syncIntegration } from '../../src/mail/mail-service';
import { waitFor } from '../jobs/support/job-rows';
import { testDatabaseKinds } from '../support/test-database';
import { connectMailbox, createMailHarness, type MailHarness, signUp } from './support/mail-harness';

type SandboxMessage = { subject: string; folder: string; isRead: boolean };

// Decision 012 item 14: a sync that finds an acted-on message as the action left it writes nothing — no UPDATE, so no
// trigger run and no second realtime event for the item.
describe.each(testDatabaseKinds)('a sync after an action (%s)', (kind) => {
  let h: MailHarness;
  let mailboxes = 0;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  });
  afterAll(async () => {
    await h?.app.outbox.stop();
    await h?.close();
  });

  it.each<Provider>(['office365', 'gmail'])(
    'leaves items marked read and cleared untouched once the mailbox has them (%s)',
    async (provider) => {
      mailboxes += 1;
      const address = `after-action-${kind}-${mailboxes}@firm.test`;
      await h.control('POST', '/mailboxes', { address, provider, messages: 0 });
      for (let index = 1; index <= 3; index++) {
        await h.control('POST', '/messages', {
          mailbox: address,
          from: 'Pat Client <pat@client.test>',
          to: [address],
          subject: `Request ${index}`,
          text: `Message ${index}.`,
        });
      }
      const owner = await signUp(h.app, `owner-${address}`);
      const integrationId = await connectMailbox(h.app, owner.cookie, provider, address);
      const sync = () => syncIntegration({ deps: h.app.mail, userId: owner.userId }, { integrationId });
      expect((await sync()).criticalErrors).toBe(0);
      const rows = async () =>
        rowsOf<{ id: string; subject: string; version: string; status: string; is_read: boolean }>(
          await withUser(h.app.db, owner.userId, (tx) =>
            tx.execute(sql`select id, subject, xmin::text as version, status, is_read from triage_items
              where email_integration_id = ${integrationId} order by subject`),
          ),
        );
      const [read, cleared, untouched] = await rows();
      const patch = (id: string, body: object) =>
        h.app.inject({
          method: 'PATCH',
          url: `/api/triage/items/${id}`,
          headers: { cookie: owner.cookie },
          payload: body,
        });
      expect((await patch(read!.id, { isRead: true })).statusCode).toBe(200);
      expect((await patch(cleared!.id, { status: 'cleared' })).statusCode).toBe(200);

      // The outbox pushes both changes (the action kicks it on this node); the mailbox now agrees.
      await waitFor(async () => {
        const messages = (
          await h.control<{ messages: SandboxMessage[] }>('GET', `/mailboxes/${encodeURIComponent(address)}`)
        ).messages;
        const bySubject = (subject: string) => messages.find((message) => message.subject === subject);
        return bySubject(read!.subject)?.isRead === true && bySubject(cleared!.subject)?.folder === 'archive';
      }, 30_000);
      await h.app.outbox.idle();
      const settled = await rows();

      const report = await sync();
      expect(report.criticalErrors).toBe(0);
      const after = await rows();
      expect(after).toEqual(settled);
      expect(after.find((row) => row.id === read!.id)).toMatchObject({ is_read: true, status: 'inbox' });
      expect(after.find((row) => row.id === cleared!.id)).toMatchObject({ status: 'cleared' });
      expect(after.find((row) => row.id === untouched!.id)?.version).toBe(untouched!.version);
    },
    60_000,
  );
});
