// Decision 029 on IMAP mailboxes: SMTP cannot say whether a message whose end-of-data answer was lost was taken
// (RFC 1047). A loopback proxy in front of Dovecot's submission port cuts the connection right after Dovecot took
// the message, before its 250 reaches us: the message must arrive once, not once per retry. A connection refused
// before anything was sent is still tried again and arrives once.
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailIntegrations } from '../../../src/db/schema/email-integrations';
import { outgoingMail } from '../../../src/db/schema/outgoing-mail';
import { withUser } from '../../../src/db/with-user';
import { sendDueMail } from '../../../src/features/outgoing/outgoing-sender';
import { sealImapAccount } from '../../../src/mail/core/imap-account';
import { ManualClock } from '../../support/manual-clock';
import { type SmtpCutProxy, startSmtpCutProxy } from '../../support/smtp-cut-proxy';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { connectImapBox, type ImapBox } from './imap-fixtures';
import { readFolder } from './imap-server-state';

const started = await startDovecot();
if (started.unavailable) console.warn(`IMAP suites skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
afterAll(async () => dovecot?.stop());

/** Far larger than the SMTP commands and the TLS handshake, so the proxy knows the data went through. */
const BODY = `<p>${'Statement attached. '.repeat(2000)}</p>`;

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'an IMAP send is never duplicated (%s)',
  (kind) => {
    let t: TestApp;
    let proxy: SmtpCutProxy;
    const clock = new ManualClock();
    beforeAll(async () => {
      t = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' }, { clock });
      proxy = await startSmtpCutProxy({ host: dovecot.host, port: dovecot.submissionPort }, 20_000);
    }, 120_000);
    afterAll(async () => {
      await proxy?.close();
      await t?.close();
    });

    /** A box whose SMTP server is reached through the proxy (TLS is still checked against Dovecot's name). */
    async function proxiedBox(): Promise<ImapBox> {
      const box = await connectImapBox(t, dovecot);
      const account = { ...box.account, smtp: { ...box.account.smtp, port: proxy.port } };
      await withUser(t.app.db, box.userId, (tx) =>
        tx
          .update(emailIntegrations)
          .set({ imapAccount: sealImapAccount(t.app.mail.tokenCipher, account) })
          .where(eq(emailIntegrations.id, box.integrationId)),
      );
      return { ...box, account };
    }
    const hold = (box: ImapBox, to: ImapBox, subject: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/functions/send-office365-email',
        headers: { cookie: box.cookie },
        payload: {
          to: [to.address],
          cc: [],
          subject,
          body: BODY,
          replyType: 'new',
          integrationId: box.integrationId,
          holdSeconds: 5,
        },
      });
    const rowState = async (box: ImapBox, id: string) => {
      const [row] = await withUser(t.app.db, box.userId, (tx) =>
        tx.select().from(outgoingMail).where(eq(outgoingMail.id, id)),
      );
      return row?.state;
    };
    /** Every send the sender makes within ten minutes of the clock. */
    async function drain() {
      const totals = { sent: 0, retried: 0, failed: 0 };
      for (let step = 0; step < 8; step++) {
        clock.advance(step === 0 ? 5_000 : 60_000);
        const counts = await sendDueMail(t.app, clock);
        totals.sent += counts.sent;
        totals.retried += counts.retried;
        totals.failed += counts.failed;
      }
      return totals;
    }
    const inbox = (who: ImapBox) => readFolder(dovecot, who, 'INBOX');

    it('a message Dovecot took, whose 250 was cut off, arrives once and the row is sent', async () => {
      const box = await proxiedBox();
      const recipient = await connectImapBox(t, dovecot);
      const held = await hold(box, recipient, 'Cut after data');
      expect(held.statusCode, held.body).toBe(200);
      proxy.mode = 'cut-after-data';
      const faultsBefore = proxy.faults;
      expect(await drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(proxy.faults).toBe(faultsBefore + 1);
      await expect.poll(async () => (await inbox(recipient)).length, { timeout: 15_000 }).toBe(1);
      // Dovecot delivers at once; a second copy would be there by now too.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await inbox(recipient)).map((m) => m.subject)).toEqual(['Cut after data']);
      expect((await readFolder(dovecot, box, 'Sent')).map((m) => m.subject)).toEqual(['Cut after data']);
      expect(await rowState(box, held.json().outgoingId)).toBe('sent');
    });

    it('a connection refused before anything was sent is tried again and arrives once', async () => {
      const box = await proxiedBox();
      const recipient = await connectImapBox(t, dovecot);
      const held = await hold(box, recipient, 'Refused first');
      proxy.mode = 'refuse';
      expect(await drain()).toEqual({ sent: 1, retried: 1, failed: 0 });
      await expect.poll(async () => (await inbox(recipient)).length, { timeout: 15_000 }).toBe(1);
      expect((await inbox(recipient))[0]?.subject).toBe('Refused first');
      expect(await rowState(box, held.json().outgoingId)).toBe('sent');
    });
  },
);
