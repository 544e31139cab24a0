// Decision 023: the IMAP adapter against a Dovecot that goes down mid-sync, and against one without CONDSTORE/QRESYNC
// (decision 039's id-and-flags pass over the window), each its own private server since one is stopped and one announces less.
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { startImapProxy } from '@ledgerdesk/test-support/imap-proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { storedItems } from '../support/mailbox-compare';
import { connectImapBox, type ImapBox, mailClient, rawMessage, syncBox } from './imap-fixtures';

/** Dovecot's capabilities after login, less CONDSTORE and QRESYNC (a server that has neither). */
const WITHOUT_CONDSTORE =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS ' +
  'THREAD=ORDEREDSUBJECT MULTIAPPEND URL-PARTIAL CATENATE UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED ' +
  'I18NLEVEL=1 ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE SPECIAL-USE';

const halting = await startDovecot();
const plain = halting.server ? await startDovecot({ capability: WITHOUT_CONDSTORE }) : halting;
const unavailable = halting.unavailable ?? plain.unavailable;
if (unavailable) console.warn(`IMAP robustness suite skipped: ${unavailable}`);
afterAll(async () => {
  await halting.server?.stop();
  await plain.server?.stop();
});

/** How many messages the interrupted first sync has to get through (pages of 10). */
const MESSAGES = 200;

async function items(t: TestApp, box: ImapBox) {
  const rows = await storedItems(t.app, box.userId, box.integrationId);
  return rows
    .filter((row) => row.notificationType !== 'system')
    .map((row) => ({ id: row.id, messageId: row.emailMessageId, subject: row.subject, isRead: row.isRead }))
    .sort((a, b) => String(a.subject).localeCompare(String(b.subject)));
}

async function uidOf(client: Awaited<ReturnType<typeof mailClient>>, messageId: string): Promise<string> {
  const [uid] = (await client.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true })) || [];
  if (!uid) throw new Error(`no message ${messageId}`);
  return String(uid);
}

describe.skipIf(unavailable !== null).each(testDatabaseKinds)(
  'IMAP robustness against Dovecot (%s)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' });
    }, 120_000);
    afterAll(async () => t?.close());

    it('the server stopped mid-sync: nothing is lost, the sync resumes, triage ends equal to the mailbox', async () => {
      const dovecot = halting.server as DovecotServer;
      // Through a proxy the test can cut: one connection serves the whole run (one login per operation), so the
      // server's going away must end the live connection, not only refuse the next login.
      let proxy = await startImapProxy({ target: { host: dovecot.host, port: dovecot.imapPort } });
      const port = proxy.port;
      const box = await connectImapBox(t, dovecot, { imap: { host: proxy.host, port, security: 'none' } });
      const client = await mailClient(dovecot, box);
      const subject = (n: number) => `Batch ${String(n).padStart(3, '0')}`;
      for (let n = 1; n <= MESSAGES; n++)
        await client.append(
          'INBOX',
          rawMessage({ messageId: `batch-${n}@client.test`, subject: subject(n), to: box.address }),
          n % 3 === 0 ? ['\\Seen'] : [],
        );
      await client.logout();

      const first = syncBox(t, box, { pageSize: 10 }).then(
        (report) => ({ report, error: null }),
        (error: unknown) => ({ report: null, error }),
      );
      const giveUp = Date.now() + 60_000;
      while ((await items(t, box)).length < 20 && Date.now() < giveUp)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await proxy.close();
      const interrupted = await first;
      const partial = await items(t, box);
      // The stop landed inside the listing: the run failed and part of the mailbox was filed.
      expect(interrupted.error ?? interrupted.report?.criticalErrors).toBeTruthy();
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(MESSAGES);

      proxy = await startImapProxy({ target: { host: dovecot.host, port: dovecot.imapPort }, port });
      let report = await syncBox(t, box, { pageSize: 10 });
      for (let attempt = 0; attempt < 3 && report.criticalErrors > 0; attempt++)
        report = await syncBox(t, box, { pageSize: 10 });
      await proxy.close();
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);

      const after = await items(t, box);
      expect(after.map((item) => item.subject)).toEqual(
        Array.from({ length: MESSAGES }, (_, i) => subject(i + 1)),
      );
      expect(new Set(after.map((item) => item.messageId)).size).toBe(MESSAGES);
      expect(after.filter((item) => item.isRead).length).toBe(Math.floor(MESSAGES / 3));
      // What the interrupted run filed is kept as it was, not filed again.
      const ids = new Set(after.map((item) => item.id));
      expect(partial.every((item) => ids.has(item.id))).toBe(true);
    }, 180_000);

    it('without CONDSTORE, flag changes and expunges by another client are picked up (the pass over the window)', async () => {
      const dovecot = plain.server as DovecotServer;
      const box = await connectImapBox(t, dovecot);
      for (const n of [1, 2, 3])
        await dovecot.deliver(
          rawMessage({ messageId: `plain${n}@client.test`, subject: `Plain ${n}`, to: box.address }),
          box.address,
        );
      expect((await syncBox(t, box)).newEmails).toBe(3);
      const before = await items(t, box);

      const client = await mailClient(dovecot, box);
      expect(client.capabilities.has('CONDSTORE')).toBe(false);
      expect(client.capabilities.has('QRESYNC')).toBe(false);
      await client.mailboxOpen('INBOX');
      await client.messageFlagsAdd(await uidOf(client, 'plain1@client.test'), ['\\Seen'], { uid: true });
      const flagged = await syncBox(t, box);
      expect(flagged.criticalErrors, flagged.errorMessage ?? '').toBe(0);
      const afterFlags = await items(t, box);
      expect(afterFlags.map((item) => [item.subject, item.isRead])).toEqual([
        ['Plain 1', true],
        ['Plain 2', false],
        ['Plain 3', false],
      ]);
      // The same rows (matched by folder and Message-ID), not new ones.
      expect(afterFlags.map((item) => item.id)).toEqual(before.map((item) => item.id));

      await client.messageDelete(await uidOf(client, 'plain2@client.test'), { uid: true });
      await client.logout();
      const expunged = await syncBox(t, box);
      expect(expunged.criticalErrors, expunged.errorMessage ?? '').toBe(0);
      expect((await items(t, box)).map((item) => item.subject)).toEqual(['Plain 1', 'Plain 3']);
    }, 60_000);
  },
);
