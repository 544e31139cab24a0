import type { ImapConnectBody, ImapFoldersFound } from '@ledgerdesk/domain/api/imap-connect';
import { and, eq } from 'drizzle-orm';
import { emailIntegrations } from '../../../db/schema/email-integrations';
import { withUser } from '../../../db/with-user';
import { openImapAccount, sealImapAccount } from '../../core/imap-account';
import type { MailDeps } from '../../core/mail-deps';
import { saveConnection } from '../save-connection';
import type { StepFailure } from './step-failure';
import { accountFromBody, oauthCardRefusal, testImapAccount } from './test-imap-account';

export type ImapConnectResult = { ok: true; integrationId: string; folders: ImapFoldersFound } | StepFailure;

/** Test connection for a connect body, without storing anything. */
export async function testImapConnection(deps: MailDeps, body: ImapConnectBody) {
  const result = oauthCardRefusal(body) ?? (await testImapAccount(deps, accountFromBody(deps, body)));
  return result.ok ? { ok: true as const, folders: result.folders } : result;
}

/**
 * Connect: the same test, then the integration stored with its login sealed like tokens (the OAuth connect's
 * saveConnection): the same address again for the same user updates that integration (new password, active).
 */
export async function connectImapMailbox(
  deps: MailDeps,
  input: { userId: string; body: ImapConnectBody },
): Promise<ImapConnectResult> {
  const result =
    oauthCardRefusal(input.body) ?? (await testImapAccount(deps, accountFromBody(deps, input.body)));
  if (!result.ok) return result;
  const integrationId = await saveConnection(deps, {
    userId: input.userId,
    provider: 'imap',
    emailAddress: input.body.email.toLowerCase(),
    tokens: null,
    imapAccount: sealImapAccount(deps.tokenCipher, result.account),
    isSandbox: false,
  });
  return { ok: true, integrationId, folders: result.folders };
}

/**
 * Update password: the stored servers and login with the new password, tested, then stored as a reconnect (active,
 * no reconnect pending). Null when the integration is not this user's IMAP mailbox.
 */
export async function updateImapPassword(
  deps: MailDeps,
  input: { userId: string; integrationId: string; password: string },
): Promise<ImapConnectResult | null> {
  const [row] = await withUser(deps.db, input.userId, (tx) =>
    tx
      .select()
      .from(emailIntegrations)
      .where(
        and(
          eq(emailIntegrations.id, input.integrationId),
          eq(emailIntegrations.userId, input.userId),
          eq(emailIntegrations.provider, 'imap'),
        ),
      ),
  );
  if (!row?.imapAccount) return null;
  let stored: ReturnType<typeof openImapAccount>;
  try {
    stored = openImapAccount(deps.tokenCipher, row.imapAccount);
  } catch {
    return null;
  }
  return connectImapMailbox(deps, {
    userId: input.userId,
    body: {
      email: row.emailAddress,
      username: stored.username,
      password: input.password,
      imap: stored.imap,
      smtp: stored.smtp,
    },
  });
}

/** The IMAP host an integration shows (never its login); null for other providers or an unreadable account. */
export function imapHostOf(deps: MailDeps, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return openImapAccount(deps.tokenCipher, sealed).imap.host;
  } catch {
    return null;
  }
}
