// Decision 023: the IMAP adapter feeds the one sync engine, against a real Dovecot (decision 023), on both databases.
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { storedItems } from '../support/mailbox-compare';
import { connectImapBox, type ImapBox, mailClient, rawMessage, syncBox } from './imap-fixtures';

const started = await startDovecot();
if (started.unavailable) console.warn(`IMAP suites skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
afterAll(() => dovecot?.stop());

const DAY = 86_400_000;

async function uidValidityOf(client: ImapFlow, path: string): Promise<bigint | undefined> {
  const status = await client.status(path, { uidValidity: true });
  return status ? status.uidValidity : undefined;
}

async function items(t: TestApp, box: ImapBox) {
  const rows = await storedItems(t.app, box.userId, box.integrationId);
  return rows
    .filter((row) => row.notificationType !== 'system')
    .map((row) => ({
      id: row.id,
      messageId: row.emailMessageId,
      subject: row.subject,
      folder: String(row.metadata.mail_folder),
      isRead: row.isRead,
      threadId: row.emailThreadId,
      preview: row.previewContent,
    }))
    .sort((a, b) => String(a.subject).localeCompare(String(b.subject)));
}

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'IMAP sync against Dovecot (%s)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' });
    }, 120_000);
    afterAll(async () => t?.close());

    it('first sync lists Inbox, Sent and Archive inside the window, with read states and threads', async () => {
      const box = await connectImapBox(t, dovecot);
      await dovecot.deliver(
        rawMessage({ messageId: 'q1@client.test', subject: 'Question', to: box.address }),
        box.address,
      );
      await dovecot.deliver(
        rawMessage({
          messageId: 'q2@client.test',
          subject: 'Re: Question',
          to: box.address,
          references: ['q1@client.test'],
        }),
        box.address,
      );
      const client = await mailClient(dovecot, box);
      await client.append(
        'Sent',
        rawMessage({
          messageId: 's1@box.test',
          subject: 'Sent answer',
          from: box.address,
          to: 'client@example.test',
          references: ['q1@client.test', 'q2@client.test'],
        }),
        ['\\Seen'],
      );
      await client.append(
        'Archive',
        rawMessage({ messageId: 'a1@client.test', subject: 'Filed', to: box.address }),
        ['\\Seen'],
      );
      const old = new Date(Date.now() - 90 * DAY);
      await client.append(
        'INBOX',
        rawMessage({ messageId: 'old@client.test', subject: 'Too old', to: box.address, date: old }),
        [],
        old,
      );
      await client.logout();

      const report = await syncBox(t, box, { daysBack: 30, pageSize: 1 });
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      const stored = await items(t, box);
      expect(stored.map(({ subject, folder, isRead }) => [subject, folder, isRead])).toEqual([
        ['Filed', 'archive', true],
        ['Question', 'inbox', false],
        ['Re: Question', 'inbox', false],
        ['Sent answer', 'sent', true],
      ]);
      expect(new Set(stored.filter((i) => i.subject !== 'Filed').map((i) => i.threadId))).toEqual(
        new Set(['q1@client.test']),
      );
      expect(stored.find((i) => i.subject === 'Question')?.messageId).toBe('inbox|<q1@client.test>');

      const again = await syncBox(t, box, { daysBack: 30 });
      expect(again.newEmails + again.updatedEmails + again.deletedEmails).toBe(0);
      expect(await items(t, box)).toEqual(stored);
    });

    it('incremental sync picks up new mail, flag changes and expunges made by another client', async () => {
      const box = await connectImapBox(t, dovecot);
      for (const n of [1, 2, 3])
        await dovecot.deliver(
          rawMessage({ messageId: `inc${n}@client.test`, subject: `Mail ${n}`, to: box.address }),
          box.address,
        );
      expect((await syncBox(t, box)).newEmails).toBe(3);

      await dovecot.deliver(
        rawMessage({ messageId: 'inc4@client.test', subject: 'Mail 4', to: box.address }),
        box.address,
      );
      const client = await mailClient(dovecot, box);
      await client.mailboxOpen('INBOX');
      const [first] =
        (await client.search({ header: { 'message-id': '<inc1@client.test>' } }, { uid: true })) || [];
      await client.messageFlagsAdd(String(first), ['\\Seen'], { uid: true });
      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      expect(report.newEmails).toBe(1);
      expect(report.resyncedFolders).toEqual([]);
      expect((await items(t, box)).map((i) => [i.subject, i.isRead])).toEqual([
        ['Mail 1', true],
        ['Mail 2', false],
        ['Mail 3', false],
        ['Mail 4', false],
      ]);

      const [second] =
        (await client.search({ header: { 'message-id': '<inc2@client.test>' } }, { uid: true })) || [];
      await client.messageDelete(String(second), { uid: true });
      await client.logout();
      const afterExpunge = await syncBox(t, box);
      expect(afterExpunge.criticalErrors, afterExpunge.errorMessage ?? '').toBe(0);
      expect((await items(t, box)).map((i) => i.subject)).toEqual(['Mail 1', 'Mail 3', 'Mail 4']);
    });

    it('a changed UIDVALIDITY lists the folder again without duplicating or recreating an item', async () => {
      const box = await connectImapBox(t, dovecot);
      const client = await mailClient(dovecot, box);
      for (const n of [1, 2])
        await client.append(
          'Archive',
          rawMessage({ messageId: `uv${n}@client.test`, subject: `Kept ${n}`, to: box.address }),
          ['\\Seen'],
        );
      expect((await syncBox(t, box)).newEmails).toBe(2);
      const before = await items(t, box);
      const oldValidity = await uidValidityOf(client, 'Archive');

      // The server renumbers the folder: delete it and make it again with the same messages (new UIDVALIDITY).
      await client.mailboxDelete('Archive');
      // Dovecot makes an auto-created special-use folder again by itself as soon as it is looked at.
      await client.mailboxCreate('Archive').catch(() => undefined);
      for (const n of [1, 2])
        await client.append(
          'Archive',
          rawMessage({ messageId: `uv${n}@client.test`, subject: `Kept ${n}`, to: box.address }),
          ['\\Seen'],
        );
      await client.append(
        'Archive',
        rawMessage({ messageId: 'uv3@client.test', subject: 'Kept 3', to: box.address }),
        ['\\Seen'],
      );
      expect(await uidValidityOf(client, 'Archive')).not.toBe(oldValidity);
      await client.logout();

      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      expect(report.resyncedFolders).toEqual(['archive']);
      const after = await items(t, box);
      expect(after.map((i) => i.subject)).toEqual(['Kept 1', 'Kept 2', 'Kept 3']);
      // The same rows: matched by Message-ID and folder, not deleted and inserted again.
      expect(after.slice(0, 2).map((i) => i.id)).toEqual(before.map((i) => i.id));
    });

    it('stores hostile MIME: NUL bytes, an unknown charset, broken base64, a huge attachment read as metadata only', async () => {
      const box = await connectImapBox(t, dovecot);
      const nul = rawMessage({
        messageId: 'nul@client.test',
        subject: 'Null\u0000byte',
        to: box.address,
        body: 'before\u0000after',
      });
      const charset = rawMessage({
        messageId: 'cs@client.test',
        subject: 'Odd charset',
        to: box.address,
      }).replace('charset=utf-8', 'charset=x-no-such-charset');
      const base64 = [
        'From: client@example.test',
        `To: ${box.address}`,
        'Subject: Broken base64',
        'Message-ID: <b64@client.test>',
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        'SGVsbG8g!!!%%%d29ybGQ=====QQ',
        '',
      ].join('\r\n');
      const big = [
        'From: client@example.test',
        `To: ${box.address}`,
        'Subject: Huge attachment',
        'Message-ID: <big@client.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'See the attached ledger.',
        '--b',
        'Content-Type: application/octet-stream',
        'Content-Disposition: attachment; filename="ledger.bin"',
        'Content-Transfer-Encoding: base64',
        '',
        ...Array.from({ length: 40_000 }, () => 'A'.repeat(76)),
        '--b--',
        '',
      ].join('\r\n');
      const client = await mailClient(dovecot, box);
      for (const raw of [nul, charset, base64, big])
        await client.append('INBOX', raw).catch((error: Error & { responseText?: string }) => {
          throw new Error(`APPEND refused: ${error.responseText ?? error.message}`);
        });
      await client.logout();

      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      const stored = await items(t, box);
      // Dovecot itself stores a NUL of a header as U+FFFD; whatever reaches us, U+0000 never reaches the database.
      const subjects = stored.map((i) => String(i.subject));
      expect(subjects).toEqual([
        'Broken base64',
        'Huge attachment',
        expect.stringMatching(/^Null.?byte$/),
        'Odd charset',
      ]);
      expect(subjects.join('')).not.toContain('\u0000');
      expect(stored.every((i) => !String(i.preview ?? '').includes('\u0000'))).toBe(true);
      const huge = (await storedItems(t.app, box.userId, box.integrationId)).find(
        (i) => i.subject === 'Huge attachment',
      );
      expect(huge?.metadata.has_attachments).toBe(true);
      expect(huge?.previewContent).toContain('See the attached ledger.');
    });
  },
);
