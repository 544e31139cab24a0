import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../apps/server/src/auth/require-user';
import { emailIntegrations } from '../../../apps/server/src/db/schema/email-integrations';
import { withUser } from '../../../apps/server/src/db/with-user';
import { sealImapAccount } from '../../../apps/server/src/mail/testing';

type ImapMailboxBody = { address: string; password: string; host: string; port: number; ca: string };

/**
 * Harness-only: connects an IMAP mailbox of the bench's private Dovecot for the signed-in user, stored as the
 * product stores one (the account sealed with the server's token key). Stands in for the IMAP connect API.
 */
export async function imapRoutes(app: FastifyInstance): Promise<void> {
  // The node's memory after a full collection (its child process runs with --expose-gc): what it holds, not the
  // garbage of the first syncs before it.
  app.post('/api/bench/collected-memory', async () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    collect?.();
    return { collected: collect !== undefined, ...process.memoryUsage() };
  });
  app.post<{ Body: ImapMailboxBody }>('/api/bench/imap-mailbox', async (request) => {
    const user = requireUser(request, 'connect a mailbox');
    const { address, password, host, port, ca } = request.body;
    const account = {
      imap: { host, port, security: 'tls' as const },
      smtp: { host, port, security: 'tls' as const },
      username: address,
      password,
      ca,
    };
    const [row] = await withUser(app.db, user.id, (tx) =>
      tx
        .insert(emailIntegrations)
        .values({
          userId: user.id,
          provider: 'imap',
          emailAddress: address,
          imapAccount: sealImapAccount(app.mail.tokenCipher, account),
        })
        .returning({ id: emailIntegrations.id }),
    );
    return { integrationId: row?.id };
  });
}
