// imap-fidelity I15: one login per operation, not per call. A sync run's pages and folders, a send's Sent lookup
// and APPEND share one connection; the folders are listed once per connection. A loopback proxy in front of a real
// Dovecot records every command the adapter sends, so the test counts the logins and LISTs of each run.
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { type ImapProxy, startImapProxy } from '@ledgerdesk/test-support/imap-proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDatabaseKinds } from '../../support/test-database';
import { connectImapBox, rawMessage, syncBox } from './imap-fixtures';

const started = await startDovecot();
if (started.unavailable) console.warn(`IMAP suites skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
let proxy: ImapProxy;
beforeAll(async () => {
  if (started.unavailable) return;
  proxy = await startImapProxy({ target: { host: dovecot.host, port: dovecot.imapPort } });
});
afterAll(async () => {
  await proxy?.close();
  await dovecot?.stop();
});

/** The logins and folder listings among `lines`. */
const count = (lines: readonly string[]) => ({
  logins: lines.filter((line) => /^\S+ (LOGIN|AUTHENTICATE) /i.test(line)).length,
  lists: lines.filter((line) => /^\S+ (LIST|LSUB) /i.test(line)).length,
});

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'IMAP logs in once per operation (%s)',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' });
    }, 120_000);
    afterAll(async () => t?.close());

    it('a first sync of several pages and folders logs in once and lists the folders once; so does the next', async () => {
      const box = await connectImapBox(t, dovecot, {
        imap: { host: proxy.host, port: proxy.port, security: 'none' },
      });
      for (let n = 1; n <= 25; n++)
        await dovecot.deliver(
          rawMessage({
            messageId: `one-login-${n}-${Date.now()}@client.test`,
            subject: `Mail ${n}`,
            to: box.address,
          }),
          box.address,
        );
      const before = proxy.clientLines.length;
      const first = await syncBox(t, box, { pageSize: 10 });
      expect(first.criticalErrors, first.errorMessage ?? '').toBe(0);
      expect(first.newEmails).toBe(25);
      const firstRun = proxy.clientLines.slice(before);
      // Three pages of Inbox, and Sent: four calls, one login (each used to log in and LIST again).
      expect(count(firstRun)).toEqual({ logins: 1, lists: 1 });

      await dovecot.deliver(
        rawMessage({
          messageId: `one-login-late-${Date.now()}@client.test`,
          subject: 'Late',
          to: box.address,
        }),
        box.address,
      );
      const middle = proxy.clientLines.length;
      const next = await syncBox(t, box, { pageSize: 10 });
      expect(next.newEmails).toBe(1);
      expect(count(proxy.clientLines.slice(middle))).toEqual({ logins: 1, lists: 1 });
    });
  },
);
