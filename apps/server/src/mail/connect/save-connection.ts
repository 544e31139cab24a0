import type { Provider } from '@ledgerdesk/domain/entities';
import { sql } from 'drizzle-orm';
import { withUser } from '../../db/with-user';
import type { MailDeps } from '../core/mail-deps';
import type { TokenSet } from '../core/provider';
import { tokenColumns } from '../core/tokens/stored-tokens';

/**
 * Stores a connected mailbox. Connecting the same mailbox again (same user, provider and address, any case)
 * updates that integration — new tokens and scopes (or IMAP login), active again, no reconnect pending — instead
 * of adding one.
 */
export async function saveConnection(
  deps: MailDeps,
  input: {
    userId: string;
    provider: Provider;
    emailAddress: string;
    /** Null for an IMAP mailbox, which has a sealed login instead. */
    tokens: TokenSet | null;
    /** An IMAP mailbox's servers and login, sealed (imap/imap-account.ts). */
    imapAccount?: string | null;
    isSandbox: boolean;
    /** The user's own address when `emailAddress` is a shared mailbox opened with their sign-in (decision 024). */
    signedInAs?: string | null;
  },
): Promise<string> {
  const columns = input.tokens
    ? tokenColumns(deps, input.tokens)
    : { accessToken: null, refreshToken: null, tokenExpiresAt: null };
  const scopes = input.tokens?.scopes ?? null;
  const imapAccount = input.imapAccount ?? null;
  const scopeArray = scopes
    ? sql`array[${sql.join(
        scopes.map((scope) => sql`${scope}`),
        sql`, `,
      )}]::text[]`
    : sql`null::text[]`;
  const signedInAs = input.signedInAs ?? null;
  return withUser(deps.db, input.userId, async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`
      insert into email_integrations
        (user_id, provider, email_address, is_active, needs_reconnect, is_sandbox, token_expires_at,
         access_token, refresh_token, scopes, mailbox_kind, signed_in_as, imap_account)
      values
        (${input.userId}, ${input.provider}, ${input.emailAddress}, true, false, ${input.isSandbox},
         ${columns.tokenExpiresAt?.toISOString() ?? null}, ${columns.accessToken}, ${columns.refreshToken ?? null},
         ${scopeArray}, ${signedInAs ? 'shared' : 'personal'}, ${signedInAs}, ${imapAccount})
      on conflict (user_id, provider, lower(email_address)) do update set
        is_active = true,
        needs_reconnect = false,
        access_removed_at = null,
        mailbox_kind = excluded.mailbox_kind,
        signed_in_as = excluded.signed_in_as,
        is_sandbox = excluded.is_sandbox,
        token_expires_at = excluded.token_expires_at,
        access_token = excluded.access_token,
        refresh_token = coalesce(excluded.refresh_token, email_integrations.refresh_token),
        scopes = coalesce(excluded.scopes, email_integrations.scopes),
        imap_account = excluded.imap_account,
        metadata = email_integrations.metadata || '{"sync_error_count": 0, "sync_error_message": null, "reconnect_reason": null}'::jsonb,
        updated_at = now()
      returning id`);
    const row = (result as unknown as { rows: { id: string }[] }).rows[0];
    if (!row) throw new Error('The integration was not saved.');
    return row.id;
  });
}
