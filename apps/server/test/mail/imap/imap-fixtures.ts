import type { DovecotServer } from '@ledgerdesk/test-support/dovecot';
import { ImapFlow } from 'imapflow';
import { emailIntegrations } from '../../../src/db/schema/email-integrations';
import { withUser } from '../../../src/db/with-user';
import { type ImapAccount, type MailServer, sealImapAccount } from '../../../src/mail/core/imap-account';
import { findIntegration } from '../../../src/mail/core/integration-store';
import { syncIntegrationRun } from '../../../src/mail/sync/sync-integration';
import { signUp, type TestApp } from '../../support/test-app';

export type ImapBox = {
  userId: string;
  /** The owner's session cookie, for the HTTP API. */
  cookie: string;
  integrationId: string;
  address: string;
  password: string;
  account: ImapAccount;
};

let boxes = 0;

/**
 * A fresh Dovecot user and a Ledgerdesk user whose IMAP integration (account sealed as stored) points at it;
 * `imap` points the integration elsewhere (a proxy in front of this Dovecot that speaks like another host);
 * `storedPassword` stores another password than the server's (a password changed on the host since Connect).
 */
export async function connectImapBox(
  t: TestApp,
  dovecot: DovecotServer,
  options: { imap?: MailServer; storedPassword?: string } = {},
): Promise<ImapBox> {
  boxes++;
  const address = `imap-${boxes}-${Date.now()}@example.test`;
  const password = `pw-${boxes}-secret`;
  await dovecot.addUser(address, password);
  const user = await signUp(t.app, `owner-${boxes}-${Date.now()}@ledgerdesk.test`);
  const account: ImapAccount = {
    imap: options.imap ?? { host: dovecot.host, port: dovecot.imapsPort, security: 'tls' },
    smtp: { host: dovecot.host, port: dovecot.submissionPort, security: 'starttls' },
    username: address,
    password: options.storedPassword ?? password,
    ca: dovecot.ca.toString('utf8'),
  };
  const [row] = await withUser(t.app.db, user.userId, (tx) =>
    tx
      .insert(emailIntegrations)
      .values({
        userId: user.userId,
        provider: 'imap',
        emailAddress: address,
        imapAccount: sealImapAccount(t.app.mail.tokenCipher, account),
      })
      .returning({ id: emailIntegrations.id }),
  );
  if (!row) throw new Error('integration not created');
  return { userId: user.userId, cookie: user.cookie, integrationId: row.id, address, password, account };
}

/** One sync run of the box through the engine (the same run the fleet and the Sync button make). */
export async function syncBox(
  t: TestApp,
  box: ImapBox,
  options: { pageSize?: number; daysBack?: number } = {},
) {
  const ctx = { deps: t.app.mail, userId: box.userId };
  const integration = await findIntegration(ctx, box.integrationId);
  if (!integration) throw new Error('integration missing');
  return syncIntegrationRun(ctx, integration, options);
}

/** A logged-in IMAP client of the box (the "other mail client" that changes the mailbox under us). */
export async function mailClient(dovecot: DovecotServer, box: ImapBox): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.imapsPort,
    secure: true,
    tls: { ca: dovecot.ca },
    auth: { user: box.address, pass: box.password },
    logger: false,
  });
  await client.connect();
  return client;
}

/** A raw message with CRLF line ends. */
export function rawMessage(input: {
  messageId: string | null;
  subject: string;
  from?: string;
  to: string;
  date?: Date;
  references?: string[];
  body?: string;
  headers?: string[];
}): string {
  const lines = [
    `From: ${input.from ?? 'Client <client@example.test>'}`,
    `To: ${input.to}`,
    `Subject: ${input.subject}`,
    `Date: ${(input.date ?? new Date()).toUTCString()}`,
    ...(input.messageId ? [`Message-ID: <${input.messageId}>`] : []),
    ...(input.references?.length
      ? [
          `In-Reply-To: <${input.references.at(-1)}>`,
          `References: ${input.references.map((r) => `<${r}>`).join(' ')}`,
        ]
      : []),
    ...(input.headers ?? []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    input.body ?? `Body of ${input.subject}`,
    '',
  ];
  return lines.join('\r\n');
}
