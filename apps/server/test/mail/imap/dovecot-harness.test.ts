// The test Dovecot itself (scripts/dovecot, decision 023): TLS with the test CA, the passdb, special-use folders,
// delivery by LMTP and SMTP submission into the mailboxes. The IMAP adapter's suites stand on these.
import { type DovecotServer, startDovecot } from '@ledgerdesk/test-support/dovecot';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';

const started = await startDovecot();
if (started.unavailable) console.warn(`Dovecot suites skipped: ${started.unavailable}`);
const dovecot = started.server as DovecotServer;
afterAll(() => dovecot?.stop());

function imapClient(user: string, pass: string, secure = true): ImapFlow {
  return new ImapFlow({
    host: dovecot.host,
    port: secure ? dovecot.imapsPort : dovecot.imapPort,
    secure,
    tls: { ca: dovecot.ca, servername: 'localhost' },
    auth: { user, pass },
    logger: false,
  });
}

async function inboxSubjects(user: string, pass: string): Promise<string[]> {
  const client = imapClient(user, pass);
  await client.connect();
  try {
    await client.mailboxOpen('INBOX');
    const subjects: string[] = [];
    for await (const message of client.fetch('1:*', { envelope: true }))
      subjects.push(message.envelope?.subject ?? '');
    return subjects;
  } finally {
    await client.logout();
  }
}

describe.skipIf(started.unavailable !== null)('test Dovecot', () => {
  it('logs in over TLS signed by the test CA and lists the special-use folders', async () => {
    await dovecot.addUser('harness-a@example.test', 'pw-a');
    const client = imapClient('harness-a@example.test', 'pw-a');
    await client.connect();
    const folders = await client.list();
    await client.logout();
    const byUse = Object.fromEntries(
      folders.map((folder) => [folder.specialUse ?? folder.path, folder.path]),
    );
    expect(byUse).toMatchObject({
      '\\Inbox': 'INBOX',
      '\\Sent': 'Sent',
      '\\Archive': 'Archive',
      '\\Drafts': 'Drafts',
      '\\Trash': 'Trash',
      '\\Junk': 'Junk',
    });
    expect(client.capabilities.has('CONDSTORE')).toBe(true);
  });

  it('refuses a wrong password and a certificate no CA of ours signed', async () => {
    await dovecot.addUser('harness-b@example.test', 'pw-b');
    await expect(imapClient('harness-b@example.test', 'wrong').connect()).rejects.toMatchObject({
      authenticationFailed: true,
    });
    const untrusted = new ImapFlow({
      host: dovecot.host,
      port: dovecot.imapsPort,
      secure: true,
      auth: { user: 'harness-b@example.test', pass: 'pw-b' },
      logger: false,
    });
    await expect(untrusted.connect()).rejects.toThrow(/certificate/i);
  });

  it('delivers by LMTP and by SMTP submission (STARTTLS, the passdb) into the recipient inbox', async () => {
    await dovecot.addUser('harness-c@example.test', 'pw-c');
    await dovecot.addUser('harness-d@example.test', 'pw-d');
    await dovecot.deliver(
      'From: x@example.test\r\nTo: harness-c@example.test\r\nSubject: by lmtp\r\nMessage-ID: <lmtp-1@example.test>\r\n\r\nhello\r\n',
      'harness-c@example.test',
    );
    const smtp = nodemailer.createTransport({
      host: dovecot.host,
      port: dovecot.submissionPort,
      secure: false,
      requireTLS: true,
      tls: { ca: dovecot.ca, servername: 'localhost' },
      auth: { user: 'harness-d@example.test', pass: 'pw-d' },
    });
    await smtp.sendMail({
      from: 'harness-d@example.test',
      to: 'harness-c@example.test',
      subject: 'by smtp',
      text: 'hi',
    });
    smtp.close();
    const wrong = nodemailer.createTransport({
      host: dovecot.host,
      port: dovecot.submissionPort,
      requireTLS: true,
      tls: { ca: dovecot.ca, servername: 'localhost' },
      auth: { user: 'harness-d@example.test', pass: 'nope' },
    });
    await expect(wrong.verify()).rejects.toMatchObject({ code: 'EAUTH' });
    await expect.poll(() => inboxSubjects('harness-c@example.test', 'pw-c')).toEqual(['by lmtp', 'by smtp']);
  });
});
