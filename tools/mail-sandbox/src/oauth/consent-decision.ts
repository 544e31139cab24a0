import { randomUUID } from 'node:crypto';
import type { SandboxContext } from '../context';
import { AUTHORIZATION_CODE_LIFETIME_MS, DEFAULT_SEED_MESSAGE_COUNT } from '../defaults';
import type { FormBody } from '../plugin/parsers';
import { findMailbox, provisionMailbox } from '../store/sandbox-store';
import type { PendingAuthorization } from './authorize-params';
import { PROVIDERS } from './providers';
import { issueCode } from './token-store';

export type ConsentOutcome = { redirect: string } | { error: string; mailbox: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function values(form: FormBody, name: string): string[] {
  const value = form[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Allow → redirect with code and state; Deny → redirect with error=access_denied. */
export function decideConsent(
  ctx: SandboxContext,
  pending: PendingAuthorization,
  form: FormBody,
): ConsentOutcome {
  const target = new URL(pending.redirectUri);
  const withState = (): string => {
    if (pending.state !== undefined) target.searchParams.set('state', pending.state);
    return target.toString();
  };
  if (values(form, 'decision')[0] !== 'allow') {
    ctx.pending.delete(pending.id);
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set(
      'error_description',
      pending.provider === 'office365'
        ? 'AADSTS65004: User declined to consent to access the app.'
        : 'The user denied access to the application.',
    );
    return { redirect: withState() };
  }
  const mailbox = (values(form, 'mailbox')[0] ?? '').trim().toLowerCase();
  if (!EMAIL.test(mailbox)) return { error: 'Enter a mailbox address such as name@example.test.', mailbox };
  const existing = findMailbox(ctx.store, mailbox);
  if (existing && existing.provider !== pending.provider) {
    return { error: `${mailbox} is a ${PROVIDERS[existing.provider].label} mailbox.`, mailbox };
  }
  if (!existing) {
    provisionMailbox(ctx.store, {
      address: mailbox,
      provider: pending.provider,
      messages: DEFAULT_SEED_MESSAGE_COUNT,
      now: ctx.now(),
    });
  }
  const ticked = new Set(values(form, 'scope'));
  const scopes = pending.scopes.filter((scope) => ticked.has(scope));
  const hasOfflineAccess =
    pending.provider === 'office365'
      ? scopes.some((s) => s.toLowerCase() === 'offline_access')
      : pending.wantsOffline;
  const code = issueCode(ctx.tokens, {
    grant: {
      id: randomUUID(),
      provider: pending.provider,
      mailbox,
      clientId: pending.clientId,
      scopes,
      hasOfflineAccess,
      isRevoked: false,
    },
    redirectUri: pending.redirectUri,
    ...(pending.codeChallenge ? { codeChallenge: pending.codeChallenge } : {}),
    ...(pending.codeChallengeMethod ? { codeChallengeMethod: pending.codeChallengeMethod } : {}),
    expiresAt: ctx.now() + AUTHORIZATION_CODE_LIFETIME_MS,
  });
  ctx.pending.delete(pending.id);
  ctx.persist();
  target.searchParams.set('code', code);
  if (pending.provider === 'office365') target.searchParams.set('session_state', randomUUID());
  else target.searchParams.set('scope', scopes.join(' '));
  return { redirect: withState() };
}
