import { readFileSync } from 'node:fs';
import type { ImapConnectBody, ImapFoldersFound } from '@ledgerdesk/domain/api/imap-connect';
import { OAUTH_CARD_WORDS, oauthCardFor } from '@ledgerdesk/domain/integrations/imap-oauth-card';
import type { ImapAccount } from '../../core/imap-account';
import type { MailDeps } from '../../core/mail-deps';
import { privateHostRefusal, resolveHost } from '../../providers/imap/resolve-host';
import { checkImap } from './check-imap';
import { checkSmtp } from './check-smtp';
import { type StepFailure, stepFailure } from './step-failure';

export type ImapTestResult = { ok: true; account: ImapAccount; folders: ImapFoldersFound } | StepFailure;

/**
 * The account a connect body describes. The extra CA comes only from the server's IMAP_EXTRA_CA_FILE (never from
 * the request) and is sealed into the account, so the sync adapter trusts exactly what this test trusted.
 */
export function accountFromBody(deps: MailDeps, body: ImapConnectBody): ImapAccount {
  const caFile = deps.env.IMAP_EXTRA_CA_FILE;
  return {
    imap: body.imap,
    smtp: body.smtp,
    username: body.username || body.email,
    password: body.password,
    ca: caFile ? readFileSync(caFile, 'utf8') : null,
  };
}

/**
 * Gmail and Microsoft mailboxes are refused before any connection, in words naming their card (decision 032):
 * Gmail over IMAP would list each message twice, and Microsoft accepts no password over IMAP.
 */
export function oauthCardRefusal(body: ImapConnectBody): StepFailure | null {
  const card = oauthCardFor({ email: body.email, imapHost: body.imap.host, smtpHost: body.smtp.host });
  if (!card) return null;
  const code = card === 'gmail' ? 'IMAP_USE_GMAIL_CARD' : 'IMAP_USE_OFFICE365_CARD';
  return stepFailure('connection', code, OAUTH_CARD_WORDS[card]);
}

/**
 * Test connection (decision 023): the server names resolve (and not to a private address unless
 * IMAP_ALLOW_PRIVATE_HOSTS), the IMAP connection and its TLS, the IMAP login, INBOX (with Sent and Archive found),
 * then SMTP connection and login. Stops at the first step that fails.
 */
export async function testImapAccount(deps: MailDeps, account: ImapAccount): Promise<ImapTestResult> {
  const allowPrivate = deps.env.IMAP_ALLOW_PRIVATE_HOSTS;
  if (!allowPrivate && (account.imap.security === 'none' || account.smtp.security === 'none'))
    return stepFailure(
      'connection',
      'IMAP_PLAIN_TEXT_REFUSED',
      'Connections without TLS or STARTTLS are not allowed on this server: choose TLS or STARTTLS.',
    );
  const addresses: string[] = [];
  for (const [kind, server] of [
    ['IMAP', account.imap],
    ['SMTP', account.smtp],
  ] as const) {
    const resolved = await resolveHost(server.host, allowPrivate);
    if (!resolved.ok)
      return resolved.reason === 'not_found'
        ? stepFailure(
            'dns',
            'HOST_NOT_FOUND',
            `The ${kind} server name ${server.host} was not found. Check its spelling.`,
          )
        : stepFailure('dns', 'HOST_REFUSED', privateHostRefusal(kind, server.host));
    addresses.push(resolved.address);
  }
  const [imapAddress = '', smtpAddress = ''] = addresses;
  const imap = await checkImap(account, imapAddress);
  if (!imap.ok) return imap;
  const smtp = await checkSmtp(account, smtpAddress);
  if (!smtp.ok) return smtp;
  return { ok: true, account, folders: imap.folders };
}
