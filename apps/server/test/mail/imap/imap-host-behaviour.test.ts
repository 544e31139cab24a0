// Decision 032: the IMAP adapter against a Dovecot made to answer like the hosts firms use (Yahoo's HIGHESTMODSEQ
// without CONDSTORE, a connection limit at LOGIN, Gmail's [ALERT] answers, folders named like an archive deep in
// a client's tree, list mail), on both databases. Where Dovecot cannot be configured to speak like the host, a
// line-rewriting proxy in front of it does (packages/test-support/src/imap-proxy.ts).
import { OAUTH_CARD_WORDS } from '@ledgerdesk/domain/integrations/imap-oauth-card';
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { type ImapProxy, startImapProxy } from '@ledgerdesk/test-support/imap-proxy';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImapAccount } from '../../../src/mail/connect/imap/test-imap-account';
import { findIntegration } from '../../../src/mail/core/integration-store';
import type { MailSession } from '../../../src/mail/core/session/mail-session';
import { imapArchive, imapSetRead } from '../../../src/mail/providers/imap/imap-actions';
import { connectImap } from '../../../src/mail/providers/imap/imap-client';
import { findFolders } from '../../../src/mail/providers/imap/imap-folders';
import { getImapMessage } from '../../../src/mail/providers/imap/imap-lookup';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { storedItems } from '../support/mailbox-compare';
import { connectImapBox, type ImapBox, mailClient, rawMessage, syncBox } from './imap-fixtures';

/** Dovecot's capabilities after login, less CONDSTORE and QRESYNC (Yahoo's list has neither). */
const WITHOUT_CONDSTORE =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE SORT SORT=DISPLAY THREAD=REFERENCES THREAD=REFS ' +
  'THREAD=ORDEREDSUBJECT MULTIAPPEND URL-PARTIAL CATENATE UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED ' +
  'I18NLEVEL=1 ESEARCH ESORT SEARCHRES WITHIN CONTEXT=SEARCH LIST-STATUS BINARY MOVE SPECIAL-USE';
/** Connections one user may hold from one address (Dovecot's mail_max_userip_connections; Gmail's is 15). */
const CONNECTION_LIMIT = 2;
/** Gmail's words, as its IMAP server sends them (support.google.com/mail/answer/97150, wildduck#35). */
const GMAIL_APP_PASSWORD_ALERT =
  'Application-specific password required: https://support.google.com/accounts/answer/185833 (Failure)';
const GMAIL_TOO_MANY_ALERT = 'Too many simultaneous connections. (Failure)';
const DAY = 86_400_000;

const started = await startDovecot({
  capability: WITHOUT_CONDSTORE,
  withoutArchive: true,
  maxUserIpConnections: CONNECTION_LIMIT,
});
if (started.unavailable) console.warn(`IMAP host behaviour suite skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
let yahoo: ImapProxy;
let gmailAlerts: ImapProxy;
let gmailServer: ImapProxy;
let weakSearch: ImapProxy;
beforeAll(async () => {
  if (!dovecot) return;
  const target = { host: dovecot.host, port: dovecot.imapPort };
  // Yahoo answers SELECT/EXAMINE with [HIGHESTMODSEQ] while announcing neither CONDSTORE nor ENABLE (MailKit#358,
  // whiteout-io/imap-client#40): Dovecot does so when the command asks for it, which the proxy adds.
  yahoo = await startImapProxy({
    target,
    fromClient: (line) => (/^\S+ (SELECT|EXAMINE) /i.test(line) ? `${line} (CONDSTORE)` : line),
  });
  // Gmail refuses a login with [ALERT] and the fix in words, and an over-limit login the same way.
  gmailAlerts = await startImapProxy({
    target,
    fromServer: (line) =>
      line
        .replace(/^(\S+) NO \[AUTHENTICATIONFAILED\] .*$/, `$1 NO [ALERT] ${GMAIL_APP_PASSWORD_ALERT}`)
        .replace(/^(\S+) NO \[LIMIT\] .*$/, `$1 NO [ALERT] ${GMAIL_TOO_MANY_ALERT}`),
  });
  // Gmail's own server announces its extension (X-GM-EXT-1) whatever name the firm reaches it by.
  gmailServer = await startImapProxy({
    target,
    fromServer: (line) => line.replace(/^(\* CAPABILITY .*|.*\[CAPABILITY [^\]]*)/, '$1 X-GM-EXT-1'),
  });
  // Yahoo's header search has answered nothing, even for Message-ID (mailcore2#823): the proxy makes Dovecot's
  // search look for a header no message has.
  weakSearch = await startImapProxy({
    target,
    fromClient: (line) =>
      /^\S+ UID SEARCH /i.test(line)
        ? line.replace(/HEADER "?Message-ID"?/i, 'HEADER X-Never-Present')
        : line,
  });
});
afterAll(async () => {
  await weakSearch?.close();
  await gmailServer?.close();
  await yahoo?.close();
  await gmailAlerts?.close();
  await dovecot?.stop();
});

const through = (proxy: ImapProxy) => ({ host: proxy.host, port: proxy.port, security: 'none' as const });

async function items(t: TestApp, box: ImapBox) {
  const rows = await storedItems(t.app, box.userId, box.integrationId);
  return rows
    .filter((row) => row.notificationType !== 'system')
    .map((row) => ({ subject: row.subject, isRead: row.isRead, type: row.type, metadata: row.metadata }))
    .sort((a, b) => String(a.subject).localeCompare(String(b.subject)));
}

async function integrationOf(t: TestApp, box: ImapBox) {
  const row = await findIntegration({ deps: t.app.mail, userId: box.userId }, box.integrationId);
  if (!row) throw new Error('integration missing');
  return row;
}

/** Holds `count` logged-in connections of the box (the user's phone and desktop mail apps). */
async function holdConnections(box: ImapBox, count: number): Promise<ImapFlow[]> {
  const clients: ImapFlow[] = [];
  for (let n = 0; n < count; n++) clients.push(await mailClient(dovecot, box));
  return clients;
}

/** Logs the held connections out and waits until Dovecot accepts a login of the box again. */
async function release(clients: ImapFlow[], box: ImapBox): Promise<void> {
  for (const client of clients) await client.logout();
  // Dovecot counts a connection until its imap process has gone.
  for (let attempt = 0; attempt < 50; attempt++) {
    const client = await connectImap(box.account, true).catch(() => null);
    if (client) return client.logout();
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'IMAP against hosts that behave unlike Dovecot (%s)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' });
    }, 120_000);
    afterAll(async () => t?.close());

    it('a host that sends HIGHESTMODSEQ without CONDSTORE: a flag change costs the window, never the whole folder', async () => {
      const box = await connectImapBox(t, dovecot, { imap: through(yahoo) });
      const other = await mailClient(dovecot, box);
      // Years-old mail, outside the 30-day window: it must never become an item.
      await other.append(
        'INBOX',
        rawMessage({ messageId: 'old@client.test', subject: 'Old letter', to: box.address }),
        [],
        new Date(Date.now() - 700 * DAY),
      );
      for (const n of [1, 2])
        await dovecot.deliver(
          rawMessage({ messageId: `yahoo${n}@client.test`, subject: `Recent ${n}`, to: box.address }),
          box.address,
        );
      const first = await syncBox(t, box);
      expect(first.criticalErrors, first.errorMessage ?? '').toBe(0);
      expect(first.newEmails).toBe(2);
      // The host really answered a mod-sequence to our EXAMINE (the proxy's rewrite reached Dovecot).
      expect(yahoo.clientLines.some((line) => /^\S+ EXAMINE "?INBOX"? ?$/i.test(line))).toBe(true);

      await other.mailboxOpen('INBOX');
      const [uid] =
        (await other.search({ header: { 'message-id': '<yahoo1@client.test>' } }, { uid: true })) || [];
      await other.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
      await other.logout();
      const second = await syncBox(t, box);
      expect(second.criticalErrors, second.errorMessage ?? '').toBe(0);
      expect((await items(t, box)).map((item) => [item.subject, item.isRead])).toEqual([
        ['Recent 1', true],
        ['Recent 2', false],
      ]);
      // CHANGEDSINCE was never sent: imapflow drops it without CONDSTORE, and the adapter no longer relies on it.
      expect(yahoo.clientLines.some((line) => /CHANGEDSINCE/i.test(line))).toBe(false);
    }, 60_000);

    it('a login refused for too many connections is retried later, never "update your password"', async () => {
      const box = await connectImapBox(t, dovecot);
      await dovecot.deliver(
        rawMessage({ messageId: 'busy@client.test', subject: 'Busy', to: box.address }),
        box.address,
      );
      const held = await holdConnections(box, CONNECTION_LIMIT);

      const refused = await syncBox(t, box);
      expect(refused.criticalErrors).toBeGreaterThan(0);
      expect(refused.errorMessage).toBe(
        "The IMAP server 127.0.0.1 refused the login for now: too many connections to this mailbox at once (the mailbox's other mail apps count too). Ledgerdesk tries again shortly.",
      );
      expect((await integrationOf(t, box)).needsReconnect).toBe(false);
      const test = await testImapAccount(t.app.mail, box.account);
      expect(test).toMatchObject({ ok: false, step: 'login', code: 'IMAP_LOGIN_BUSY' });

      await release(held, box);
      const resumed = await syncBox(t, box);
      expect(resumed.criticalErrors, resumed.errorMessage ?? '').toBe(0);
      expect((await items(t, box)).map((item) => item.subject)).toEqual(['Busy']);
    }, 60_000);

    it("a server's [ALERT] reaches the user: Test connection and the mailbox's notice quote it", async () => {
      const box = await connectImapBox(t, dovecot, { imap: through(gmailAlerts) });
      const wrong = { ...box.account, password: 'the-account-password' };
      const test = await testImapAccount(t.app.mail, wrong);
      expect(test).toMatchObject({ ok: false, step: 'login', code: 'IMAP_LOGIN_REFUSED' });
      expect(test.ok ? '' : test.message).toBe(
        `The IMAP server 127.0.0.1 refused the user name or password. It said: "${GMAIL_APP_PASSWORD_ALERT}" Check the user name and password.`,
      );

      // The stored password no longer works (the host now wants an app password): the notice quotes the host.
      const refusing = await connectImapBox(t, dovecot, {
        imap: through(gmailAlerts),
        storedPassword: 'the-account-password',
      });
      await expect(syncBox(t, refusing)).rejects.toMatchObject({ kind: 'unauthorized' });
      const row = await integrationOf(t, refusing);
      expect(row.needsReconnect).toBe(true);
      expect(row.metadata.sync_error_message).toBe(
        `The IMAP server 127.0.0.1 refused the user name or password. It said: "${GMAIL_APP_PASSWORD_ALERT}"`,
      );

      // Gmail's over-limit answer has no busy code, only [ALERT] words: still "later", not "update your password".
      const busy = await connectImapBox(t, dovecot, { imap: through(gmailAlerts) });
      const held = await holdConnections(busy, CONNECTION_LIMIT);
      const refused = await syncBox(t, busy);
      expect(refused.errorMessage).toContain(`It said: "${GMAIL_TOO_MANY_ALERT}"`);
      expect(refused.errorMessage).toContain('refused the login for now');
      expect((await integrationOf(t, busy)).needsReconnect).toBe(false);
      await release(held, busy);
    }, 60_000);

    it("a folder named Archive deep in a client's tree is never the archive; one at the top level is", async () => {
      const box = await connectImapBox(t, dovecot);
      const other = await mailClient(dovecot, box);
      await other.mailboxCreate(['Clients', 'Acme', 'Archive']);
      const folders = async () => {
        const client = await connectImap(box.account, true);
        try {
          return await findFolders(client);
        } finally {
          await client.logout();
        }
      };
      expect((await folders()).archive).toBeNull();
      const test = await testImapAccount(t.app.mail, box.account);
      expect(test).toMatchObject({ ok: true, folders: { archive: null } });

      await other.mailboxCreate('Archives');
      await other.logout();
      expect((await folders()).archive).toBe('Archives');
    }, 60_000);

    it('list mail over IMAP is a notification, as the same mail is from Office 365 and Gmail', async () => {
      const box = await connectImapBox(t, dovecot);
      const deliver = (subject: string, headers: string[]) =>
        dovecot.deliver(
          rawMessage({
            messageId: `${subject.replace(/\W/g, '')}@acme.test`,
            subject,
            from: 'Acme News <news@acme.test>',
            to: box.address,
            headers,
          }),
          box.address,
        );
      await deliver('Weekly digest', [
        'List-Unsubscribe: <https://acme.test/unsubscribe?u=1>,',
        ' <mailto:leave@acme.test>',
        'List-Id: Acme News <news.acme.test>',
      ]);
      await deliver('Team list', ['List-Id: <team.lists.acme.test>']);
      await deliver('Year-end accounts', []);
      const report = await syncBox(t, box);
      expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
      const typed = (await items(t, box)).map((item) => [
        item.subject,
        item.type,
        (item.metadata as Record<string, unknown>).automated_reason ?? null,
      ]);
      expect(typed).toEqual([
        ['Team list', 'notification', 'list-id'],
        ['Weekly digest', 'notification', 'list-unsubscribe'],
        ['Year-end accounts', 'email', null],
      ]);
    }, 60_000);

    it("a Gmail server behind a name of the firm's own is sent to the Gmail card (no duplicates from All Mail)", async () => {
      const box = await connectImapBox(t, dovecot, { imap: through(gmailServer) });
      const test = await testImapAccount(t.app.mail, box.account);
      expect(test).toEqual({
        ok: false,
        step: 'login',
        code: 'IMAP_USE_GMAIL_CARD',
        message: OAUTH_CARD_WORDS.gmail,
      });
    }, 60_000);

    it('a host whose header search finds nothing: opening, reading and clearing a message still find it', async () => {
      const box = await connectImapBox(t, dovecot, { imap: through(weakSearch) });
      const other = await mailClient(dovecot, box);
      await other.mailboxCreate('Archive');
      await dovecot.deliver(
        rawMessage({ messageId: 'weak@client.test', subject: 'Weak search', to: box.address }),
        box.address,
      );
      const session = {
        integrationId: box.integrationId,
        emailAddress: box.address,
        imap: { account: box.account, allowPrivateHosts: true },
        memo: new Map(),
      } as unknown as MailSession;
      const id = 'inbox|<weak@client.test>';
      expect((await getImapMessage(session, id)).subject).toBe('Weak search');
      await imapSetRead(session, id, true);
      expect((await imapArchive(session, id)).id).toBe('archive|<weak@client.test>');
      // The search the adapter sent really found nothing on this host.
      expect(weakSearch.clientLines.some((line) => /UID SEARCH .*HEADER "?Message-ID"?/i.test(line))).toBe(
        true,
      );
      await other.mailboxOpen('Archive');
      const archived = await other.fetchAll('1:*', { envelope: true, flags: true });
      await other.logout();
      expect(archived.map((row) => [row.envelope?.messageId, row.flags?.has('\\Seen')])).toEqual([
        ['<weak@client.test>', true],
      ]);
    }, 60_000);
  },
);
