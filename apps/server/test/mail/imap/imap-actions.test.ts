// Decision 023: triage actions and sending on IMAP mailboxes reach a real Dovecot through the outbox (decision 023).
import type { ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import { ARCHIVE_ERRORS } from '@ledgerdesk/domain/mail/archive-errors';
import { SEND_ERRORS } from '@ledgerdesk/domain/mail/send-errors';
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailIntegrations } from '../../../src/db/schema/email-integrations';
import { withUser } from '../../../src/db/with-user';
import { sendDueMail } from '../../../src/features/outgoing/outgoing-sender';
import { sealImapAccount } from '../../../src/mail/core/imap-account';
import { ProviderError } from '../../../src/mail/core/transport/provider-error';
import { submitMail } from '../../../src/mail/providers/imap/imap-smtp';
import { ManualClock } from '../../support/manual-clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { storedItems } from '../support/mailbox-compare';
import { connectImapBox, type ImapBox, mailClient, rawMessage, syncBox } from './imap-fixtures';
import { readFolder } from './imap-server-state';

const CAPABILITY_WITHOUT_MOVE =
  'IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT THREAD=REFERENCES MULTIAPPEND UNSELECT ' +
  'CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED I18NLEVEL=1 ESEARCH SEARCHRES WITHIN LIST-STATUS BINARY SPECIAL-USE';
const started = await startDovecot();
// A server without MOVE (nor CONDSTORE/QRESYNC) and without a special-use Archive folder; one without UIDPLUS too.
const [plain, bare] = started.unavailable
  ? [started, started]
  : await Promise.all([
      startDovecot({ withoutArchive: true, capability: CAPABILITY_WITHOUT_MOVE }),
      startDovecot({ capability: CAPABILITY_WITHOUT_MOVE.replace(' UIDPLUS', '') }),
    ]);
if (started.unavailable) console.warn(`IMAP suites skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
const withoutMove = plain.server as DovecotServer;
const withoutUidPlus = bare.server as DovecotServer;
afterAll(async () => {
  await dovecot?.stop();
  await withoutMove?.stop();
  await withoutUidPlus?.stop();
});

let counter = 0;
const unique = (label: string) => `${label}-${++counter}-${Date.now()}`;

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'IMAP actions and sending against Dovecot (%s)',
  (kind) => {
    let t: TestApp;
    const clock = new ManualClock();
    beforeAll(async () => {
      t = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' }, { clock });
    }, 120_000);
    afterAll(async () => t?.close());

    const patch = (box: ImapBox, itemId: string, payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/triage/items/${itemId}`,
        headers: { cookie: box.cookie },
        payload,
      });
    const pushed = () => t.app.outbox.idle();

    /** A box on `server` with messages delivered to its INBOX and synced; the items by Message-ID. */
    async function boxWith(server: DovecotServer, messageIds: string[], options: { archive?: boolean } = {}) {
      const box = await connectImapBox(t, server);
      if (options.archive) {
        const client = await mailClient(server, box);
        await client.mailboxCreate('Archive');
        await client.logout();
      }
      for (const messageId of messageIds)
        await server.deliver(
          rawMessage({ messageId, subject: `Subject ${messageId}`, to: box.address }),
          box.address,
        );
      const report = await syncBox(t, box);
      expect(report.criticalErrors).toBe(0);
      return box;
    }
    async function item(box: ImapBox, messageId: string) {
      const rows = await storedItems(t.app, box.userId, box.integrationId);
      const found = rows.find((row) => row.subject === `Subject ${messageId}`);
      if (!found) throw new Error(`no item for ${messageId}`);
      return found;
    }

    it('read and unread through the triage API set and clear \\Seen on the server', async () => {
      const id = `${unique('read')}@client.test`;
      const box = await boxWith(dovecot, [id]);
      const entry = await item(box, id);
      expect(entry.emailMessageId).toBe(`inbox|<${id}>`);
      const read = await patch(box, entry.id, { isRead: true });
      expect(read.statusCode, read.body).toBe(200);
      await pushed();
      expect((await readFolder(dovecot, box, 'INBOX'))[0]).toMatchObject({ messageId: id, seen: true });
      expect((await patch(box, entry.id, { isRead: false })).statusCode).toBe(200);
      await pushed();
      expect((await readFolder(dovecot, box, 'INBOX'))[0]).toMatchObject({ messageId: id, seen: false });
    });

    it('clear moves the message to Archive and the item follows it; restore and undo bring it back', async () => {
      const id = `${unique('clear')}@client.test`;
      const other = `${unique('stays')}@client.test`;
      const box = await boxWith(dovecot, [id, other]);
      const entry = await item(box, id);
      const cleared = await patch(box, entry.id, { status: 'cleared' });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect((cleared.json() as ItemUpdateResponse).item.status).toBe('cleared');
      await pushed();
      expect((await readFolder(dovecot, box, 'Archive')).map((m) => m.messageId)).toEqual([id]);
      expect((await readFolder(dovecot, box, 'INBOX')).map((m) => m.messageId)).toEqual([other]);
      let stored = await item(box, id);
      expect(stored.status).toBe('cleared');
      expect(stored.emailMessageId).toBe(`archive|<${id}>`);
      // The next sync agrees: one item, still cleared, in the Archive.
      await syncBox(t, box);
      stored = await item(box, id);
      expect(stored).toMatchObject({ status: 'cleared', emailMessageId: `archive|<${id}>` });
      expect(
        (await storedItems(t.app, box.userId, box.integrationId)).filter(
          (r) => r.subject === `Subject ${id}`,
        ),
      ).toHaveLength(1);

      const restored = await patch(box, entry.id, { status: 'inbox' });
      expect(restored.statusCode, restored.body).toBe(200);
      await pushed();
      expect((await readFolder(dovecot, box, 'Archive')).map((m) => m.messageId)).toEqual([]);
      expect((await readFolder(dovecot, box, 'INBOX')).map((m) => m.messageId).sort()).toEqual(
        [id, other].sort(),
      );
      expect((await item(box, id)).emailMessageId).toBe(`inbox|<${id}>`);

      const again = (await patch(box, entry.id, { status: 'cleared' })).json() as ItemUpdateResponse;
      await pushed();
      expect((await readFolder(dovecot, box, 'Archive')).map((m) => m.messageId)).toEqual([id]);
      const undone = await t.app.inject({
        method: 'POST',
        url: `/api/triage/actions/${again.actionId}/undo`,
        headers: { cookie: box.cookie },
      });
      expect(undone.statusCode, undone.body).toBe(200);
      await pushed();
      expect((await readFolder(dovecot, box, 'Archive')).map((m) => m.messageId)).toEqual([]);
      expect((await readFolder(dovecot, box, 'INBOX')).map((m) => m.messageId)).toContain(id);
      await syncBox(t, box);
      expect(await item(box, id)).toMatchObject({ status: 'inbox', emailMessageId: `inbox|<${id}>` });
    });

    it("a server without MOVE clears with COPY and UID EXPUNGE, leaving another client's \\Deleted message", async () => {
      const id = `${unique('copy')}@client.test`;
      const deletedElsewhere = `${unique('deleted')}@client.test`;
      const box = await boxWith(withoutMove, [id, deletedElsewhere], { archive: true });
      const client = await mailClient(withoutMove, box);
      expect(client.capabilities.has('MOVE')).toBe(false);
      await client.mailboxOpen('INBOX');
      const [uid] =
        (await client.search({ header: { 'message-id': deletedElsewhere } }, { uid: true })) || [];
      await client.messageFlagsAdd(String(uid), ['\\Deleted'], { uid: true });
      await client.logout();

      const entry = await item(box, id);
      expect((await patch(box, entry.id, { status: 'cleared' })).statusCode).toBe(200);
      await pushed();
      expect((await readFolder(withoutMove, box, 'Archive')).map((m) => m.messageId)).toEqual([id]);
      expect(await readFolder(withoutMove, box, 'INBOX')).toEqual([
        expect.objectContaining({ messageId: deletedElsewhere, deleted: true }),
      ]);
      expect(await item(box, id)).toMatchObject({ status: 'cleared', emailMessageId: `archive|<${id}>` });
    });

    it("without MOVE nor UIDPLUS a clear never expunges another client's \\Deleted message", async () => {
      const id = `${unique('bare')}@client.test`;
      const deletedElsewhere = `${unique('theirs')}@client.test`;
      const box = await boxWith(withoutUidPlus, [id, deletedElsewhere]);
      const flagTheirs = async (on: boolean) => {
        const client = await mailClient(withoutUidPlus, box);
        expect(client.capabilities.has('UIDPLUS')).toBe(false);
        await client.mailboxOpen('INBOX');
        const [uid] =
          (await client.search({ header: { 'message-id': deletedElsewhere } }, { uid: true })) || [];
        if (on) await client.messageFlagsAdd(String(uid), ['\\Deleted'], { uid: true });
        else await client.messageFlagsRemove(String(uid), ['\\Deleted'], { uid: true });
        await client.logout();
      };
      await flagTheirs(true);
      const entry = await item(box, id);
      expect((await patch(box, entry.id, { status: 'cleared' })).statusCode).toBe(200);
      await pushed();
      // Refused before anything was copied: the item is put back, the other message still there.
      expect(await item(box, id)).toMatchObject({ status: 'inbox', emailMessageId: `inbox|<${id}>` });
      expect(await readFolder(withoutUidPlus, box, 'Archive')).toEqual([]);
      expect((await readFolder(withoutUidPlus, box, 'INBOX')).map((m) => [m.messageId, m.deleted])).toEqual([
        [id, false],
        [deletedElsewhere, true],
      ]);
      // With no other deletion pending, COPY + EXPUNGE moves it.
      await flagTheirs(false);
      expect((await patch(box, entry.id, { status: 'cleared' })).statusCode).toBe(200);
      await pushed();
      expect((await readFolder(withoutUidPlus, box, 'Archive')).map((m) => m.messageId)).toEqual([id]);
      expect((await readFolder(withoutUidPlus, box, 'INBOX')).map((m) => m.messageId)).toEqual([
        deletedElsewhere,
      ]);
    });

    it('a bulk clear pushes each change on its own: a message gone from the server fails alone', async () => {
      const ids = [1, 2, 3].map((n) => `${unique(`bulk${n}`)}@client.test`);
      const box = await boxWith(dovecot, ids);
      const entries = await Promise.all(ids.map((id) => item(box, id)));
      // Another client deletes the second message before the outbox pushes.
      const client = await mailClient(dovecot, box);
      await client.mailboxOpen('INBOX');
      const [uid] = (await client.search({ header: { 'message-id': ids[1] ?? '' } }, { uid: true })) || [];
      await client.messageDelete(String(uid), { uid: true });
      await client.logout();
      const bulk = await t.app.inject({
        method: 'POST',
        url: '/api/triage/items/bulk-update',
        headers: { cookie: box.cookie },
        payload: { ids: entries.map((entry) => entry.id), patch: { status: 'cleared' } },
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      await pushed();
      // The outbox pushes a bulk action's changes in any order.
      expect((await readFolder(dovecot, box, 'Archive')).map((m) => m.messageId).sort()).toEqual(
        [ids[0], ids[2]].sort(),
      );
      expect(await item(box, ids[0] ?? '')).toMatchObject({
        status: 'cleared',
        emailMessageId: `archive|<${ids[0]}>`,
      });
      expect(await item(box, ids[2] ?? '')).toMatchObject({
        status: 'cleared',
        emailMessageId: `archive|<${ids[2]}>`,
      });
      const gone = await item(box, ids[1] ?? '');
      expect(gone.status).toBe('inbox');
      expect(gone.metadata).toHaveProperty('mailbox_change_failed');
    });

    it('a mailbox without an Archive folder: the clear is refused as "Archive Folder Missing" and put back', async () => {
      const id = `${unique('noarchive')}@client.test`;
      const box = await boxWith(withoutMove, [id]);
      const entry = await item(box, id);
      const cleared = await patch(box, entry.id, { status: 'cleared' });
      expect(cleared.statusCode).toBe(200);
      await pushed();
      const stored = await item(box, id);
      expect(stored.status).toBe('inbox');
      expect(stored.metadata).toMatchObject({
        mailbox_change_failed: {
          title: 'Archive Folder Missing',
          description: ARCHIVE_ERRORS.ArchiveFolderMissing.description,
        },
      });
      expect((await readFolder(withoutMove, box, 'INBOX')).map((m) => m.messageId)).toEqual([id]);
    });

    it('a reply goes out over SMTP with In-Reply-To and References, and Sent has one copy', async () => {
      const box = await connectImapBox(t, dovecot);
      const client = await connectImapBox(t, dovecot);
      const root = `${unique('root')}@client.test`;
      const question = `${unique('question')}@client.test`;
      await dovecot.deliver(
        rawMessage({
          messageId: question,
          subject: 'Subject question',
          from: `Client <${client.address}>`,
          to: box.address,
          references: [root],
        }),
        box.address,
      );
      await syncBox(t, box);
      const original = await item(box, 'question');
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/functions/send-office365-email',
        headers: { cookie: box.cookie },
        payload: {
          to: [client.address],
          cc: [],
          subject: 'Re: Subject question',
          body: '<p>Here is the <b>answer</b>.</p>',
          replyType: 'reply',
          triageItemId: original.id,
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ success: true, sentFrom: box.address });

      await expect
        .poll(async () => (await readFolder(dovecot, client, 'INBOX')).length, { timeout: 15_000 })
        .toBe(1);
      const [arrived] = await readFolder(dovecot, client, 'INBOX');
      expect(arrived?.subject).toBe('Re: Subject question');
      expect(arrived?.inReplyTo).toBe(`<${question}>`);
      expect(arrived?.references).toEqual([`<${root}>`, `<${question}>`]);
      expect(arrived?.text).toContain('Here is the answer.');
      const copies = await readFolder(dovecot, box, 'Sent');
      expect(copies).toHaveLength(1);
      expect(copies[0]).toMatchObject({
        messageId: arrived?.messageId,
        seen: true,
        inReplyTo: `<${question}>`,
      });
    });

    it("a reply-all reaches To and Cc with the thread's References", async () => {
      const box = await connectImapBox(t, dovecot);
      const client = await connectImapBox(t, dovecot);
      const partner = await connectImapBox(t, dovecot);
      const first = `${unique('first')}@client.test`;
      const second = `${unique('second')}@client.test`;
      await dovecot.deliver(
        rawMessage({
          messageId: second,
          subject: 'Subject all',
          from: `Client <${client.address}>`,
          to: box.address,
          references: [first],
          headers: [`Cc: ${partner.address}`],
        }),
        box.address,
      );
      await syncBox(t, box);
      const original = await item(box, 'all');
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/functions/send-office365-email',
        headers: { cookie: box.cookie },
        payload: {
          to: [client.address],
          cc: [partner.address],
          subject: 'Re: Subject all',
          body: '<p>To you both.</p>',
          replyType: 'replyAll',
          triageItemId: original.id,
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      for (const who of [client, partner]) {
        await expect
          .poll(async () => (await readFolder(dovecot, who, 'INBOX')).length, { timeout: 15_000 })
          .toBe(1);
        expect((await readFolder(dovecot, who, 'INBOX'))[0]).toMatchObject({
          subject: 'Re: Subject all',
          inReplyTo: `<${second}>`,
          references: [`<${first}>`, `<${second}>`],
        });
      }
      expect(await readFolder(dovecot, box, 'Sent')).toHaveLength(1);
    });

    it('undo send applies: a held mail taken back never leaves, one let go arrives once with its Sent copy', async () => {
      const box = await connectImapBox(t, dovecot);
      const recipient = await connectImapBox(t, dovecot);
      const hold = (subject: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/functions/send-office365-email',
          headers: { cookie: box.cookie },
          payload: {
            to: [recipient.address],
            cc: [],
            subject,
            body: `<p>${subject}</p>`,
            replyType: 'new',
            integrationId: box.integrationId,
            holdSeconds: 5,
          },
        });
      const takenBack = (await hold('Taken back')).json() as { outgoingId: string };
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/outgoing/${takenBack.outgoingId}/cancel`,
        headers: { cookie: box.cookie },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await hold('Let go')).statusCode).toBe(200);
      clock.advance(5_000);
      expect(await sendDueMail(t.app, clock)).toEqual({ sent: 1, retried: 0, failed: 0 });
      await expect
        .poll(async () => (await readFolder(dovecot, recipient, 'INBOX')).map((m) => m.subject), {
          timeout: 15_000,
        })
        .toEqual(['Let go']);
      expect((await readFolder(dovecot, box, 'Sent')).map((m) => m.subject)).toEqual(['Let go']);
    });

    it('a wrong SMTP password answers in words and loses nothing: a held mail stays, failed, to take back', async () => {
      const box = await connectImapBox(t, dovecot);
      const recipient = await connectImapBox(t, dovecot);
      // The password stored for the mailbox is no longer the server's.
      const wrong = { ...box.account, password: 'not-the-password' };
      await withUser(t.app.db, box.userId, (tx) =>
        tx
          .update(emailIntegrations)
          .set({ imapAccount: sealImapAccount(t.app.mail.tokenCipher, wrong) })
          .where(eq(emailIntegrations.id, box.integrationId)),
      );
      const send = (extra: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/functions/send-office365-email',
          headers: { cookie: box.cookie },
          payload: {
            to: [recipient.address],
            cc: [],
            subject: 'Never delivered',
            body: '<p>Hello</p>',
            replyType: 'new',
            integrationId: box.integrationId,
            ...extra,
          },
        });
      const refused = await send({});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: { code: 'TOKEN_EXPIRED', message: SEND_ERRORS.TOKEN_EXPIRED.description },
      });
      expect(refused.body).not.toContain('not-the-password');

      const held = await send({ holdSeconds: 5 });
      expect(held.statusCode, held.body).toBe(200);
      const { outgoingId } = held.json() as { outgoingId: string };
      clock.advance(5_000);
      expect(await sendDueMail(t.app, clock)).toEqual({ sent: 0, retried: 0, failed: 1 });
      const back = await t.app.inject({
        method: 'POST',
        url: `/api/outgoing/${outgoingId}/cancel`,
        headers: { cookie: box.cookie },
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().mail.subject).toBe('Never delivered');
      expect(await readFolder(dovecot, box, 'Sent')).toEqual([]);
      expect(await readFolder(dovecot, recipient, 'INBOX')).toEqual([]);
    });

    it('the SMTP error names the server and the refusal, never the password', async () => {
      const box = await connectImapBox(t, dovecot);
      const wrong = { ...box.account, password: 'not-the-password' };
      const failure = await submitMail(
        wrong,
        { from: box.address, to: [box.address] },
        'Subject: x\r\n\r\nx\r\n',
        true,
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProviderError);
      expect(failure).toMatchObject({ kind: 'unauthorized' });
      expect((failure as Error).message).toMatch(
        /^The SMTP server 127\.0\.0\.1 refused the user name or password/,
      );
      expect((failure as Error).message).not.toContain('not-the-password');
    });
  },
);
