// Decision 039: an expunge (our own clear, another client's delete) or, without CONDSTORE, a flag change costs an
// id-and-flags pass over the window, never a download of every message's source. A loopback proxy in front of a
// real Dovecot records every command the adapter sends, so the test counts the sources it fetched.
import type { ItemUpdateResponse } from '@ledgerdesk/domain/api/triage';
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { type ImapProxy, startImapProxy } from '@ledgerdesk/test-support/imap-proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withUser } from '../../../src/db/with-user';
import { mergeIntegrationMetadata, readIntegrationMetadata } from '../../../src/mail/core/integration-store';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { storedItems } from '../support/mailbox-compare';
import { connectImapBox, type ImapBox, mailClient, rawMessage, syncBox } from './imap-fixtures';

/** Dovecot's capabilities after login, less CONDSTORE and QRESYNC (Exchange on-premises, Courier, many hosts). */
const WITHOUT_CONDSTORE =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS ' +
  'THREAD=ORDEREDSUBJECT MULTIAPPEND URL-PARTIAL CATENATE UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED ' +
  'I18NLEVEL=1 ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE SPECIAL-USE';

const started = await startDovecot();
const bare = started.unavailable ? started : await startDovecot({ capability: WITHOUT_CONDSTORE });
if (started.unavailable) console.warn(`IMAP suites skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
const withoutCondstore = bare.server as DovecotServer;
let proxy: ImapProxy;
let bareProxy: ImapProxy;
beforeAll(async () => {
  if (started.unavailable) return;
  proxy = await startImapProxy({ target: { host: dovecot.host, port: dovecot.imapPort } });
  bareProxy = await startImapProxy({
    target: { host: withoutCondstore.host, port: withoutCondstore.imapPort },
  });
});
afterAll(async () => {
  await proxy?.close();
  await bareProxy?.close();
  await dovecot?.stop();
  await withoutCondstore?.stop();
});

const through = (server: ImapProxy) => ({ host: server.host, port: server.port, security: 'none' as const });

/** How many UIDs a UID set names (`1:3,7` names 4). */
function uidCount(set: string): number {
  return set.split(',').reduce((sum, part) => {
    const [from, to] = part.split(':').map(Number);
    return sum + (to === undefined ? 1 : Math.abs((to ?? 0) - (from ?? 0)) + 1);
  }, 0);
}

/** The messages whose source (BODY[], whole or partial) each folder was asked for, in the lines sent. */
function sourcesFetched(lines: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  let folder = '';
  for (const line of lines) {
    const opened = /^\S+ (?:SELECT|EXAMINE) "?([^"\s]+)"?/i.exec(line);
    if (opened) folder = opened[1] ?? '';
    const fetch = /^\S+ UID FETCH (\S+) \(.*BODY(?:\.PEEK)?\[\]/i.exec(line);
    if (fetch) counts[folder] = (counts[folder] ?? 0) + uidCount(fetch[1] ?? '');
  }
  return counts;
}

let counter = 0;
const unique = (label: string) => `${label}-${++counter}-${Date.now()}`;

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'IMAP expunges cost an id-and-flags pass, not the window sources (%s)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' });
    }, 120_000);
    afterAll(async () => t?.close());

    async function items(box: ImapBox) {
      const rows = await storedItems(t.app, box.userId, box.integrationId);
      return rows
        .filter((row) => row.notificationType !== 'system')
        .map((row) => ({
          id: row.id,
          messageId: row.emailMessageId,
          subject: String(row.subject),
          status: row.status,
          isRead: row.isRead,
        }))
        .sort((a, b) => a.subject.localeCompare(b.subject));
    }

    /** A box reached through `server`'s proxy, its INBOX holding `count` delivered messages, synced once. */
    async function syncedBox(target: DovecotServer, via: ImapProxy, count: number) {
      const box = await connectImapBox(t, target, { imap: through(via) });
      const ids = Array.from({ length: count }, (_, n) => `${unique(`m${n + 1}`)}@client.test`);
      for (const [n, messageId] of ids.entries())
        await target.deliver(
          rawMessage({ messageId, subject: `Mail ${n + 1}`, to: box.address }),
          box.address,
        );
      const first = await syncBox(t, box);
      expect(first.criticalErrors, first.errorMessage ?? '').toBe(0);
      expect(first.newEmails).toBe(count);
      return { box, ids };
    }

    it('a clear (MOVE to Archive) and a read in triage are followed by a sync that downloads no source and relists nothing', async () => {
      const { box, ids } = await syncedBox(dovecot, proxy, 4);
      const before = await items(box);
      const cleared = before.find((item) => item.subject === 'Mail 2');
      if (!cleared) throw new Error('no item for Mail 2');
      const answer = await t.app.inject({
        method: 'PATCH',
        url: `/api/triage/items/${cleared.id}`,
        headers: { cookie: box.cookie },
        payload: { status: 'cleared' },
      });
      expect((answer.json() as ItemUpdateResponse).item.status).toBe('cleared');
      // And one read in triage: its \Seen, pushed by the outbox, comes back by CHANGEDSINCE.
      const read = before.find((item) => item.subject === 'Mail 3');
      if (!read) throw new Error('no item for Mail 3');
      const readAnswer = await t.app.inject({
        method: 'PATCH',
        url: `/api/triage/items/${read.id}`,
        headers: { cookie: box.cookie },
        payload: { isRead: true },
      });
      expect(readAnswer.statusCode, readAnswer.body).toBe(200);
      await t.app.outbox.idle();

      const mark = proxy.clientLines.length;
      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      // Neither INBOX (which shrank, and whose read message changed) nor the Archive (where the moved message,
      // already held, arrives).
      expect(sourcesFetched(proxy.clientLines.slice(mark))).toEqual({});
      expect(report.resyncedFolders).toEqual([]);
      const after = await items(box);
      // The cleared item followed its message to the Archive; the others are the same rows, untouched.
      expect(after).toEqual(
        before.map((item) =>
          item.id === cleared.id
            ? { ...item, status: 'cleared', messageId: `archive|<${ids[1]}>` }
            : item.id === read.id
              ? { ...item, isRead: true }
              : item,
        ),
      );

      const quiet = proxy.clientLines.length;
      const again = await syncBox(t, box);
      expect(again.newEmails + again.updatedEmails + again.deletedEmails).toBe(0);
      expect(sourcesFetched(proxy.clientLines.slice(quiet))).toEqual({});
    });

    it("another client's expunge removes that item only, without downloading any source", async () => {
      const { box, ids } = await syncedBox(dovecot, proxy, 3);
      const before = await items(box);
      const other = await mailClient(dovecot, box);
      await other.mailboxOpen('INBOX');
      const [uid] = (await other.search({ header: { 'message-id': `<${ids[0]}>` } }, { uid: true })) || [];
      await other.messageDelete(String(uid), { uid: true });
      await other.logout();

      const mark = proxy.clientLines.length;
      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      expect(sourcesFetched(proxy.clientLines.slice(mark))).toEqual({});
      expect(report.resyncedFolders).toEqual([]);
      expect(report.deletedEmails).toBe(1);
      expect(await items(box)).toEqual(before.filter((item) => item.subject !== 'Mail 1'));
    });

    it('a message deleted and delivered again under the same Message-ID keeps its item', async () => {
      const { box, ids } = await syncedBox(dovecot, proxy, 2);
      const other = await mailClient(dovecot, box);
      await other.mailboxOpen('INBOX');
      const [uid] = (await other.search({ header: { 'message-id': `<${ids[0]}>` } }, { uid: true })) || [];
      await other.messageDelete(String(uid), { uid: true });
      await other.logout();
      await dovecot.deliver(
        rawMessage({ messageId: ids[0] ?? '', subject: 'Mail 1 again', to: box.address }),
        box.address,
      );
      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      expect(report.resyncedFolders).toEqual([]);
      expect((await items(box)).map((item) => [item.subject, item.messageId])).toEqual([
        ['Mail 1 again', `inbox|<${ids[0]}>`],
        ['Mail 2', `inbox|<${ids[1]}>`],
      ]);
    });

    it('without CONDSTORE a read elsewhere and an expunge fetch the changed message only', async () => {
      const { box, ids } = await syncedBox(withoutCondstore, bareProxy, 4);
      const before = await items(box);
      const other = await mailClient(withoutCondstore, box);
      await other.mailboxOpen('INBOX');
      const uidOf = async (messageId: string | undefined) =>
        ((await other.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true })) || [])[0];
      await other.messageFlagsAdd(String(await uidOf(ids[0])), ['\\Seen'], { uid: true });
      await other.messageDelete(String(await uidOf(ids[2])), { uid: true });
      await other.logout();

      const mark = bareProxy.clientLines.length;
      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      expect(sourcesFetched(bareProxy.clientLines.slice(mark))).toEqual({ INBOX: 1 });
      expect(report.resyncedFolders).toEqual([]);
      expect(await items(box)).toEqual(
        before
          .filter((item) => item.subject !== 'Mail 3')
          .map((item) => (item.subject === 'Mail 1' ? { ...item, isRead: true } : item)),
      );

      const quiet = bareProxy.clientLines.length;
      const again = await syncBox(t, box);
      expect(again.newEmails + again.updatedEmails + again.deletedEmails).toBe(0);
      expect(sourcesFetched(bareProxy.clientLines.slice(quiet))).toEqual({});
    });

    it('a cursor from before the window record expires once at its first expunge, then expunges cost no source', async () => {
      const { box, ids } = await syncedBox(dovecot, proxy, 3);
      // The INBOX cursor as the adapter wrote it before decision 039: no record of the window.
      await withUser(t.app.db, box.userId, async (tx) => {
        const cursor = String((await readIntegrationMetadata(tx, box.integrationId)).delta_token_inbox);
        const { known: _, ...old } = JSON.parse(cursor.slice('imap:'.length));
        await mergeIntegrationMetadata(tx, box.integrationId, {
          delta_token_inbox: `imap:${JSON.stringify(old)}`,
        });
      });
      const other = await mailClient(dovecot, box);
      await other.mailboxOpen('INBOX');
      const remove = async (messageId: string | undefined) => {
        const [uid] =
          (await other.search({ header: { 'message-id': `<${messageId}>` } }, { uid: true })) || [];
        await other.messageDelete(String(uid), { uid: true });
      };
      await remove(ids[0]);
      const relisted = await syncBox(t, box);
      expect(relisted.criticalErrors, relisted.errorMessage ?? '').toBe(0);
      expect(relisted.resyncedFolders).toEqual(['inbox']);
      expect((await items(box)).map((item) => item.subject)).toEqual(['Mail 2', 'Mail 3']);

      await remove(ids[1]);
      await other.logout();
      const mark = proxy.clientLines.length;
      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      expect(report.resyncedFolders).toEqual([]);
      expect(sourcesFetched(proxy.clientLines.slice(mark))).toEqual({});
      expect((await items(box)).map((item) => item.subject)).toEqual(['Mail 3']);
    });
  },
);
