import type { Provider } from '@ledgerdesk/domain/entities';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailIntegrations } from '../../../src/db/schema/email-integrations';
import { withUser } from '../../../src/db/with-user';
import { syncIntegration } from '../../../src/mail/mail-service';
import { connectMailbox, type MailHarness, signUp } from './mail-harness';
import type { MailboxSummary } from './mailbox-compare';

let counter = 0;

/** `email` is the user's sign-in address (the one an invitation must name), `address` the mailbox's. */
export type Connected = {
  address: string;
  userId: string;
  cookie: string;
  integrationId: string;
  email: string;
};

/** A fresh user connected to a fresh sandbox mailbox of `messages` generated messages. */
export async function connectFreshMailbox(
  h: MailHarness,
  provider: Provider,
  options: { messages?: number; archiveFolder?: boolean; untick?: string[] } = {},
): Promise<Connected> {
  counter++;
  const address = `box${counter}-${provider}-${Date.now()}@firm.test`;
  await h.control('POST', '/mailboxes', {
    address,
    provider,
    messages: options.messages ?? 30,
    ...(options.archiveFolder === undefined ? {} : { archiveFolder: options.archiveFolder }),
  });
  const { cookie, userId, email } = await signUp(h.app, `user${counter}-${Date.now()}@ledgerdesk.test`);
  const integrationId = await connectMailbox(h.app, cookie, provider, address, {
    untick: options.untick ?? [],
  });
  return { address, userId, cookie, integrationId, email };
}

/** Runs a sync as the mailbox's owner. */
export function sync(h: MailHarness, box: Connected, options: { daysBack?: number } = {}) {
  return syncIntegration(
    { deps: h.app.mail, userId: box.userId },
    { integrationId: box.integrationId, ...options },
  );
}

export async function mailboxSummary(h: MailHarness, address: string): Promise<MailboxSummary> {
  return h.control<MailboxSummary>('GET', `/mailboxes/${encodeURIComponent(address)}`);
}

/** The integration row as stored. */
export async function integrationRow(app: FastifyInstance, box: Connected) {
  const rows = await withUser(app.db, box.userId, (tx) =>
    tx.select().from(emailIntegrations).where(eq(emailIntegrations.id, box.integrationId)),
  );
  const row = rows[0];
  if (!row) throw new Error('integration missing');
  return row;
}

/** Sets columns of the integration directly (to simulate time passing). */
export async function patchIntegration(
  app: FastifyInstance,
  box: Connected,
  patch: Partial<typeof emailIntegrations.$inferInsert>,
) {
  await withUser(app.db, box.userId, (tx) =>
    tx.update(emailIntegrations).set(patch).where(eq(emailIntegrations.id, box.integrationId)),
  );
}
