// Decision 012 item 7: names written into the firm refuse line breaks, controls and text-direction marks, no stored
// name reaches an email header with a line break, and handles are unique within a firm.
import { FIRM_TEXTS } from '@ledgerdesk/domain/api/firms';
import { UNSAFE_NAME_MESSAGE } from '@ledgerdesk/domain/http/unsafe-text';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { startSmtpSink } from '../support/smtp-sink';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read loosely by the assertions
type Json = Record<string, any>;
type User = { cookie: string; userId: string; email: string };

/** Names that must not be stored: CR/LF (header splitting), C0/C1 controls, bidi marks, overrides, isolates. */
const UNSAFE_NAMES = [
  'Acme\r\nBcc: everyone@example.test',
  'Acme\nLtd',
  'Acme\u0007',
  'Acme\u0085Ltd',
  'Acme \u202Edtl',
  'Acme \u2066Ltd\u2069',
  'Acme\u200F',
  '\u200EAcme',
];

describe.each(testDatabaseKinds)('names and handles in a firm (%s)', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let owner: User;
  const stamp = Date.now().toString(36);
  let counter = 0;
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const newUser = () => signUp(t.app, `names${++counter}-${stamp}@ledgerdesk.test`);
  const join = async (who: User) => {
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: who.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    const joined = await call(who.cookie, 'POST', '/api/firm/invitations/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
  };
  const handles = async () =>
    Object.fromEntries(
      ((await call(owner.cookie, 'GET', '/api/firm')).json().firm.members as Json[]).map((m) => [
        m.userId,
        m.handle,
      ]),
    );
  const setHandle = (who: User, handle: string | null) =>
    call(who.cookie, 'PATCH', '/api/profile', { handle });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    owner = await newUser();
    expect((await setHandle(owner, '@Sam')).statusCode).toBe(200);
    expect((await call(owner.cookie, 'POST', '/api/firm', { name: 'Harper & Co' })).statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('refuses control and text-direction characters in firm, organisation and contact names and handles', async () => {
    for (const name of UNSAFE_NAMES) {
      const answers = [
        await call(owner.cookie, 'PATCH', '/api/firm', { name }),
        await call((await newUser()).cookie, 'POST', '/api/firm', { name }),
        await call(owner.cookie, 'POST', '/api/clients', { organisation: name, address: 'a@client.test' }),
        await call(owner.cookie, 'POST', '/api/clients', {
          organisation: 'Client Ltd',
          address: 'b@client.test',
          contactName: name,
        }),
        await setHandle(owner, `sam${name}`),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, `${JSON.stringify(name)}: ${answer.body}`).toBe(400);
        expect(answer.json().error.message).toContain(UNSAFE_NAME_MESSAGE);
      }
    }
    expect((await call(owner.cookie, 'GET', '/api/firm')).json().firm.name).toBe('Harper & Co');
    // Names in any script, with accents and punctuation, are welcome.
    const renamed = await call(owner.cookie, 'PATCH', '/api/firm', { name: 'Zoë Ørsted — شركة & Co.' });
    expect(renamed.statusCode).toBe(200);
    expect((await call(owner.cookie, 'PATCH', '/api/firm', { name: 'Harper & Co' })).statusCode).toBe(200);
  });

  it('keeps a line break of a name stored earlier out of the invitation email headers', async () => {
    const firmId = (await call(owner.cookie, 'GET', '/api/firm')).json().firm.id as string;
    const rename = (name: string) =>
      withUser(t.app.db, owner.userId, (tx) =>
        tx.execute(sql`update firms set name = ${name} where id = ${firmId}::uuid`),
      );
    await rename('Harper\r\nBcc: everyone@example.test');
    try {
      const sent = smtp.messages.length;
      const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', {
        email: 'hdr@example.test',
      });
      expect(invited.json().emailed).toBe(true);
      const raw = smtp.messages[sent] ?? '';
      const headers = raw.slice(0, raw.indexOf('\n\n'));
      expect(headers).not.toMatch(/^bcc:/im);
      const subject = (headers.match(/^Subject: (.*(?:\n[ \t].*)*)/m)?.[1] ?? '').replace(/\s+/g, ' ');
      expect(subject).toContain('invited you to Harper Bcc: everyone@example.test on Ledgerdesk');
    } finally {
      await rename('Harper & Co');
    }
  });

  it('gives a joiner whose handle is taken the first free one, so joining never fails', async () => {
    const twin = await newUser();
    expect((await setHandle(twin, 'SAM')).statusCode).toBe(200);
    await join(twin);
    const triplet = await newUser();
    expect((await setHandle(triplet, 'sam')).statusCode).toBe(200);
    await join(triplet);
    const seen = await handles();
    expect([seen[owner.userId], seen[twin.userId], seen[triplet.userId]]).toEqual(['sam', 'sam2', 'sam3']);
  });

  it('refuses a handle a colleague holds, in any letter case, and lets a free one through', async () => {
    const member = await newUser();
    await join(member);
    for (const taken of ['sam', '@SAM', 'Sam2']) {
      const refused = await setHandle(member, taken);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toBe(FIRM_TEXTS.handleTaken);
    }
    expect((await setHandle(member, '@Samuel')).statusCode).toBe(200);
    expect((await handles())[member.userId]).toBe('samuel');
    // Emptied, the handle falls back to the email's local part.
    expect((await setHandle(member, null)).statusCode).toBe(200);
    expect((await handles())[member.userId]).toBe(member.email.split('@')[0]);
    // The database holds the rule too, whatever writes (the app role cannot write handles to show it).
    const index = rowsOf<{ indexdef: string }>(
      await t.app.db.execute(
        sql`select indexdef from pg_indexes where indexname = 'firm_members_handle_unique'`,
      ),
    )[0]?.indexdef;
    expect(index).toMatch(/^CREATE UNIQUE INDEX .* \(firm_id, lower\(handle\)\)$/);
  });
});
