// Decision 023: Test connection and Connect of IMAP/SMTP mailboxes, against a real private Dovecot, on both databases.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImapConnectBody, ImapConnectResponse } from '@ledgerdesk/domain/api/imap-connect';
import { IMAP_API } from '@ledgerdesk/domain/api/imap-connect';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { OAUTH_CARD_WORDS } from '@ledgerdesk/domain/integrations/imap-oauth-card';
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawMessage } from '../mail/imap/imap-fixtures';
import { storedItems } from '../mail/support/mailbox-compare';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const started = await startDovecot();
if (started.unavailable) console.warn(`IMAP suites skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
afterAll(() => dovecot?.stop());

let users = 0;
/** A new Dovecot login and a new Ledgerdesk user. */
async function newMailbox(t: TestApp) {
  users++;
  const email = `connect-${users}-${Date.now()}@example.test`;
  const password = `Secret-${users}-${Date.now()}-pw`;
  await dovecot.addUser(email, password);
  const user = await signUp(t.app, `owner-connect-${users}-${Date.now()}@ledgerdesk.test`);
  return { email, password, cookie: user.cookie, userId: user.userId };
}

function body(email: string, password: string, over: Partial<ImapConnectBody> = {}): ImapConnectBody {
  return {
    email,
    password,
    imap: { host: 'localhost', port: dovecot.imapsPort, security: 'tls' },
    smtp: { host: 'localhost', port: dovecot.submissionPort, security: 'starttls' },
    ...over,
  };
}

/** The host changes a login's password (the passdb's line rewritten; Dovecot rereads the file). */
async function changePassword(email: string, from: string, to: string) {
  const users = join(dovecot.dir, 'users');
  const text = await readFile(users, 'utf8');
  await writeFile(users, text.replace(`${email}:{PLAIN}${from}\n`, `${email}:{PLAIN}${to}\n`));
  // addUser waits until Dovecot has reread the file (it takes the new user only after rereading).
  await dovecot.addUser(`nudge-${Date.now()}-${Math.random()}@example.test`, 'nudge-pw');
}

const post = (t: TestApp, url: string, cookie: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

describe.skipIf(started.unavailable !== null).each(testDatabaseKinds)(
  'IMAP Test connection and Connect against Dovecot (%s)',
  (kind) => {
    let t: TestApp;
    let strict: TestApp;
    const bodies: string[] = [];
    const secrets: string[] = [];
    const call = async (app: TestApp, url: string, cookie: string, payload: unknown) => {
      const response = await post(app, url, cookie, payload);
      bodies.push(response.body);
      return response;
    };

    beforeAll(async () => {
      t = await createTestApp(kind, {
        IMAP_ALLOW_PRIVATE_HOSTS: 'true',
        IMAP_EXTRA_CA_FILE: join(dovecot.dir, 'tls/ca.crt'),
      });
      strict = await createTestApp(kind);
    }, 120_000);
    afterAll(async () => {
      // The password never appears in any answer of this suite.
      for (const secret of secrets) for (const text of bodies) expect(text).not.toContain(secret);
      await t?.close();
      await strict?.close();
    });

    it('Test connection logs in to both servers and names the folders it found', async () => {
      const box = await newMailbox(t);
      secrets.push(box.password);
      const response = await call(t, IMAP_API.test, box.cookie, body(box.email, box.password));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ok: true,
        folders: { inbox: 'INBOX', sent: 'Sent', archive: 'Archive' },
      });
    });

    it('says in words which step failed: name, TLS, password, SMTP', async () => {
      const box = await newMailbox(t);
      secrets.push(box.password);
      const failing = async (over: Partial<ImapConnectBody>, password = box.password) => {
        const response = await call(t, IMAP_API.test, box.cookie, body(box.email, password, over));
        expect(response.statusCode).toBe(422);
        return response.json().error as { step: string; message: string; code: string };
      };
      const unknownHost = await failing({
        imap: { host: 'no-such-host.invalid', port: 993, security: 'tls' },
      });
      expect(unknownHost).toMatchObject({ step: 'dns', code: 'HOST_NOT_FOUND' });
      expect(unknownHost.message).toBe(
        'The IMAP server name no-such-host.invalid was not found. Check its spelling.',
      );

      const tlsToPlainPort = await failing({
        imap: { host: 'localhost', port: dovecot.imapPort, security: 'tls' },
      });
      expect(tlsToPlainPort).toMatchObject({ step: 'connection', code: 'IMAP_CONNECTION_FAILED' });
      expect(tlsToPlainPort.message).toContain('trusted TLS connection');

      const wrongPassword = await failing({}, `${box.password}-wrong`);
      expect(wrongPassword).toMatchObject({ step: 'login', code: 'IMAP_LOGIN_REFUSED' });
      expect(wrongPassword.message).toContain('refused the user name or password');
      secrets.push(`${box.password}-wrong`);

      const closedSmtp = await failing({ smtp: { host: 'localhost', port: 9, security: 'starttls' } });
      expect(closedSmtp).toMatchObject({ step: 'smtp', code: 'SMTP_REFUSED' });
      expect(closedSmtp.message).toBe('The SMTP server localhost:9 refused the connection. Check the port.');
    });

    it('Gmail and Microsoft mailboxes are sent to their own card before any connection, in words', async () => {
      const user = await signUp(t.app, `owner-cards-${Date.now()}@ledgerdesk.test`);
      const refused = async (url: string, payload: ImapConnectBody) => {
        const response = await call(t, url, user.cookie, payload);
        expect(response.statusCode).toBe(422);
        return response.json().error as { step: string; message: string; code: string };
      };
      const gmail = await refused(IMAP_API.test, body('alex@gmail.com', 'an-app-password'));
      expect(gmail).toMatchObject({ code: 'IMAP_USE_GMAIL_CARD', message: OAUTH_CARD_WORDS.gmail });
      const workspace = await refused(
        IMAP_API.connect,
        body('alex@firm.example', 'an-app-password', {
          imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
        }),
      );
      expect(workspace).toMatchObject({ code: 'IMAP_USE_GMAIL_CARD' });
      const microsoft = await refused(
        IMAP_API.test,
        body('alex@firm.example', 'an-app-password', {
          imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
          smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
        }),
      );
      expect(microsoft).toMatchObject({
        code: 'IMAP_USE_OFFICE365_CARD',
        message: OAUTH_CARD_WORDS.office365,
      });
      expect(microsoft.message).toContain('Office 365 card');
      const outlook = await refused(IMAP_API.connect, body('alex@outlook.com', 'an-app-password'));
      expect(outlook).toMatchObject({ code: 'IMAP_USE_OFFICE365_CARD' });
    });

    it('does not trust the Dovecot certificate without the configured CA (TLS step)', async () => {
      const box = await newMailbox(strict);
      secrets.push(box.password);
      const noCa = await createTestApp(kind, { IMAP_ALLOW_PRIVATE_HOSTS: 'true' });
      try {
        const response = await call(noCa, IMAP_API.test, box.cookie, body(box.email, box.password));
        // The user belongs to another app's database: sign up again on this one.
        expect([401, 422]).toContain(response.statusCode);
        const user = await signUp(noCa.app, `ca-${Date.now()}@ledgerdesk.test`);
        const answer = await call(noCa, IMAP_API.test, user.cookie, body(box.email, box.password));
        expect(answer.statusCode).toBe(422);
        expect(answer.json().error).toMatchObject({ step: 'connection', code: 'IMAP_CONNECTION_FAILED' });
        expect(answer.json().error.message).toContain('certificate is not trusted');
      } finally {
        await noCa.close();
      }
    }, 120_000);

    it('refuses private and loopback hosts, and plain text, unless the server allows private hosts', async () => {
      const user = await signUp(strict.app, `strict-${Date.now()}@ledgerdesk.test`);
      const loopback = await call(strict, IMAP_API.test, user.cookie, body('a@example.test', 'pw-strict'));
      expect(loopback.statusCode).toBe(422);
      expect(loopback.json().error).toEqual({
        code: 'HOST_REFUSED',
        step: 'dns',
        details: { step: 'dns' },
        message:
          'The IMAP server localhost is on a private network address, which this server does not connect to.',
      });
      const privateSmtp = await call(
        strict,
        IMAP_API.test,
        user.cookie,
        body('a@example.test', 'pw-strict', {
          imap: { host: '8.8.8.8', port: 993, security: 'tls' },
          smtp: { host: '192.168.1.10', port: 587, security: 'starttls' },
        }),
      );
      expect(privateSmtp.json().error).toMatchObject({ code: 'HOST_REFUSED', step: 'dns' });
      expect(privateSmtp.json().error.message).toContain('SMTP server 192.168.1.10');
      const plain = await call(
        strict,
        IMAP_API.test,
        user.cookie,
        body('a@example.test', 'pw-strict', { imap: { host: 'localhost', port: 143, security: 'none' } }),
      );
      expect(plain.json().error).toMatchObject({ code: 'IMAP_PLAIN_TEXT_REFUSED', step: 'connection' });
    });

    it('refuses bad bodies with a 400 in words', async () => {
      const user = await signUp(t.app, `bodies-${Date.now()}@ledgerdesk.test`);
      const cases: Array<[unknown, string]> = [
        [{ ...body('not-an-address', 'pw') }, 'Enter a valid email address.'],
        [{ ...body('a@example.test', '') }, 'Enter the password.'],
        [
          body('a@example.test', 'pw', { imap: { host: 'bad host!', port: 993, security: 'tls' } }),
          'not a valid host name',
        ],
        [
          body('a@example.test', 'pw', { imap: { host: 'h.test', port: 70000, security: 'tls' } }),
          'between 1 and 65535',
        ],
        [
          { ...body('a@example.test', 'pw'), smtp: { host: 'h.test', port: 25, security: 'ssl' } },
          'TLS, STARTTLS or none',
        ],
        [{ ...body('a@example.test', 'pw'), ca: '-----BEGIN CERTIFICATE-----' }, 'ca'],
      ];
      for (const [payload, words] of cases) {
        const response = await call(t, IMAP_API.test, user.cookie, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.message).toContain(words);
      }
    });

    it('Connect stores the mailbox, its first sync brings the INBOX into triage, its card hides the login, and the card actions work on it', async () => {
      const box = await newMailbox(t);
      secrets.push(box.password);
      await dovecot.deliver(
        rawMessage({ messageId: `hello-${users}@client.test`, subject: 'Hello from IMAP', to: box.email }),
        box.email,
      );
      const response = await call(t, IMAP_API.connect, box.cookie, body(box.email, box.password));
      expect(response.statusCode).toBe(201);
      const { integration, folders } = response.json<ImapConnectResponse>();
      expect(folders).toEqual({ inbox: 'INBOX', sent: 'Sent', archive: 'Archive' });
      expect(integration).toMatchObject({
        provider: 'imap',
        emailAddress: box.email,
        isActive: true,
        needsReconnect: false,
        imap: { host: 'localhost' },
      });
      const init = await call(t, '/api/functions/initialize-sync-config', box.cookie, {
        integrationId: integration.id,
      });
      expect(init.statusCode).toBe(200);
      const items = await storedItems(t.app, box.userId, integration.id);
      expect(items.map((item) => item.subject)).toContain('Hello from IMAP');
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/integrations',
        headers: { cookie: box.cookie },
      });
      bodies.push(list.body);
      const listed = list.json<{ integrations: EmailIntegrationDto[] }>().integrations;
      expect(listed.map((row) => [row.provider, row.emailAddress, row.imap])).toEqual([
        ['imap', box.email, { host: 'localhost' }],
      ]);
      // The card's other actions work on it: Disconnect, Reactivate, and the token refresh (on load, "Update
      // Email") leaves a password mailbox as it is instead of marking it for reconnection.
      for (const action of ['disconnect', 'reactivate']) {
        const answer = await call(t, `/api/integrations/${integration.id}/${action}`, box.cookie, undefined);
        expect(answer.statusCode, action).toBe(200);
      }
      const refresh = await call(t, '/api/functions/refresh-email-token', box.cookie, {
        integrationId: integration.id,
      });
      expect(refresh.statusCode).toBe(200);
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/integrations',
        headers: { cookie: box.cookie },
      });
      expect(after.json<{ integrations: EmailIntegrationDto[] }>().integrations[0]).toMatchObject({
        isActive: true,
        needsReconnect: false,
      });
      // Shared with the firm, and rebuilt by Enhanced Reset, like any mailbox.
      expect((await call(t, '/api/firm', box.cookie, { name: 'Imap Partners' })).statusCode).toBeLessThan(
        300,
      );
      const share = await call(t, '/api/firm/shared-mailboxes', box.cookie, {
        integrationId: integration.id,
      });
      expect(share.statusCode).toBe(200);
      const reset = await call(t, '/api/functions/enhanced-full-resync-emails', box.cookie, {
        integrationId: integration.id,
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const rebuilt = await storedItems(t.app, box.userId, integration.id);
      expect(rebuilt.map((item) => item.subject)).toContain('Hello from IMAP');
    });

    it('connecting the same address again updates that integration with the new password', async () => {
      const box = await newMailbox(t);
      secrets.push(box.password);
      const first = await call(t, IMAP_API.connect, box.cookie, body(box.email.toUpperCase(), box.password));
      expect(first.statusCode).toBe(201);
      const firstId = first.json<ImapConnectResponse>().integration.id;
      const newPassword = `${box.password}-new`;
      secrets.push(newPassword);
      await changePassword(box.email, box.password, newPassword);
      const again = await call(t, IMAP_API.connect, box.cookie, body(box.email, newPassword));
      expect(again.statusCode).toBe(201);
      expect(again.json<ImapConnectResponse>().integration.id).toBe(firstId);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/integrations',
        headers: { cookie: box.cookie },
      });
      expect(list.json<{ integrations: EmailIntegrationDto[] }>().integrations).toHaveLength(1);
    }, 120_000);

    it('a password the server refuses later asks for a new one, re-tested before it is saved', async () => {
      const box = await newMailbox(t);
      secrets.push(box.password);
      const connected = await call(t, IMAP_API.connect, box.cookie, body(box.email, box.password));
      const id = connected.json<ImapConnectResponse>().integration.id;
      const changed = `${box.password}-changed`;
      secrets.push(changed);
      await changePassword(box.email, box.password, changed);
      const sync = await call(t, '/api/functions/initialize-sync-config', box.cookie, { integrationId: id });
      expect(sync.statusCode).toBeGreaterThanOrEqual(400);
      expect(sync.statusCode).toBeLessThan(500);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/integrations',
        headers: { cookie: box.cookie },
      });
      expect(list.json<{ integrations: EmailIntegrationDto[] }>().integrations[0]?.needsReconnect).toBe(true);

      const wrong = await call(t, `/api/integrations/${id}/imap-password`, box.cookie, {
        password: 'still-wrong',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.step).toBe('login');
      const fixed = await call(t, `/api/integrations/${id}/imap-password`, box.cookie, { password: changed });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json<ImapConnectResponse>().integration).toMatchObject({ id, needsReconnect: false });

      const stranger = await signUp(t.app, `stranger-${Date.now()}@ledgerdesk.test`);
      const other = await call(t, `/api/integrations/${id}/imap-password`, stranger.cookie, {
        password: changed,
      });
      expect(other.statusCode).toBe(404);
    }, 120_000);

    it('limits connection tests to 10 a minute per user (429 in words)', async () => {
      const user = await signUp(strict.app, `limit-${Date.now()}@ledgerdesk.test`);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt++) {
        const response = await call(strict, IMAP_API.test, user.cookie, body('a@example.test', 'pw-limit'));
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.json().error.message).toBe(
            'Too many connection tests in a minute. Please wait a minute before trying again.',
          );
      }
      expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  },
);
