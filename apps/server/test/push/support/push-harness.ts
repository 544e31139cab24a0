import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { startMailSandbox } from '@ledgerdesk/mail-sandbox';
import { eq } from 'drizzle-orm';
import { mailboxPush } from '../../../src/db/schema/mailbox-push';
import { withUser } from '../../../src/db/with-user';
import { createSyncFleet, type SyncFleet } from '../../../src/jobs/sync-fleet';
import { controlClient, type MailHarness, sandboxEnv } from '../../mail/support/mail-harness';
import { createTestApp } from '../../support/test-app';
import type { TestDatabaseKind } from '../../support/test-database';

export type PushHarness = MailHarness & { publicUrl: string; fleet: SyncFleet | null };

/** A port nothing listens on now (the OS picks it), for a server that must know its own URL before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The app listening on a real loopback port (its PUBLIC_URL), so the sandbox's Graph can run the validation
 * handshake and post notifications to it over HTTP, as Microsoft does; optionally with the sync fleet running.
 */
export async function createPushHarness(
  kind: TestDatabaseKind,
  options: { env?: Record<string, string>; withFleet?: boolean } = {},
): Promise<PushHarness> {
  const sandbox = await startMailSandbox({ port: 0, host: '127.0.0.1', seed: false, contract: {} });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const testApp = await createTestApp(
    kind,
    { ...sandboxEnv(sandbox.url), SYNC_INTERVAL_SECONDS: '60', ...options.env },
    { publicUrl },
  );
  await testApp.app.listen({ port, host: '127.0.0.1' });
  const fleet = options.withFleet ? createSyncFleet(testApp.app.mail) : null;
  if (fleet) {
    await fleet.start();
    testApp.app.syncFleet = fleet;
  }
  return {
    ...testApp,
    publicUrl,
    fleet,
    sandbox,
    control: controlClient(sandbox.url),
    async close() {
      await fleet?.stop();
      await testApp.close();
      await sandbox.close();
    },
  };
}

export async function pushRow(h: Pick<PushHarness, 'app'>, box: { userId: string; integrationId: string }) {
  const rows = await withUser(h.app.db, box.userId, (tx) =>
    tx.select().from(mailboxPush).where(eq(mailboxPush.emailIntegrationId, box.integrationId)),
  );
  return rows[0] ?? null;
}

export type SandboxSubscription = {
  id: string;
  mailbox: string;
  expirationDateTime: string;
  notificationUrl: string;
  lifecycleNotificationUrl: string;
  clientState: string;
};

export async function sandboxSubscriptions(h: Pick<PushHarness, 'control'>, mailbox: string) {
  const { subscriptions } = await h.control<{ subscriptions: SandboxSubscription[] }>(
    'GET',
    '/graph/subscriptions',
  );
  return subscriptions.filter((item) => item.mailbox === mailbox);
}
