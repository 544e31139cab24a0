import crypto from 'node:crypto';
import type { DovecotServer } from '@ledgerdesk/test-support/dovecot';
import { call, type Session } from '../client/http-client';
import { signUp } from '../client/sign-up';

export type BenchImapBox = { user: Session; integrationId: string; address: string };

export type DovecotAccount = { email: string; password: string };

/** A new Dovecot login's address and password (not yet added). */
export function newImapAccount(label: string): DovecotAccount {
  return {
    email: `${label}-${crypto.randomBytes(4).toString('hex')}@bench-imap.test`,
    password: crypto.randomBytes(9).toString('hex'),
  };
}

/**
 * A Ledgerdesk user whose IMAP mailbox (IMAPS, the test CA) points at a Dovecot user: `account` when it was
 * added already (many at once), else a new one added here.
 */
export async function connectImapBox(
  appUrl: string,
  dovecot: DovecotServer,
  label: string,
  account?: DovecotAccount,
): Promise<BenchImapBox> {
  const { email: address, password } = account ?? newImapAccount(label);
  if (!account) await dovecot.addUser(address, password);
  const user = await signUp(appUrl, label);
  const { body } = await call<{ integrationId: string }>(user, 'POST', '/api/bench/imap-mailbox', {
    address,
    password,
    host: dovecot.host,
    port: dovecot.imapsPort,
    ca: dovecot.ca.toString('utf8'),
  });
  return { user, integrationId: body.integrationId, address };
}

/** A plain message as a client would send it, with a unique Message-ID. */
export function benchMessage(to: string, subject: string): string {
  return [
    'From: Client <client@firm.example>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@firm.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Body of ${subject}.`,
    '',
  ].join('\r\n');
}

export async function itemCount(box: BenchImapBox): Promise<number> {
  const path = `/api/bench/item-count?integrationId=${box.integrationId}`;
  return (await call<{ count: number }>(box.user, 'GET', path)).body.count;
}

export type IdleHealth = { imapIdle: { connections: number; leases: number; mailboxesLive: number } };

export async function idleHealth(appUrl: string): Promise<IdleHealth['imapIdle']> {
  return ((await (await fetch(`${appUrl}/api/health`)).json()) as IdleHealth).imapIdle;
}

export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  stepMs = 50,
): Promise<boolean> {
  const giveUp = performance.now() + timeoutMs;
  while (performance.now() < giveUp) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  return false;
}
