import type { Provider } from '@ledgerdesk/domain/entities';
import { connectMailbox } from '../client/connect-mailbox';
import { call, type Session } from '../client/http-client';
import { sandboxControl } from '../client/sandbox';
import { signUp } from '../client/sign-up';

/** A connected, initialised mailbox of the fleet benchmark, with its user's session (on the first node). */
export type FleetMailbox = { address: string; provider: Provider; integrationId: string; session: Session };

/** Messages each mailbox holds before it is connected (its first sync is a small one, as for most staff). */
const MESSAGES_PER_MAILBOX = 3;
/** Users set up at the same time (each one's sign-up hashes a password: CPU-bound on the node). */
const PARALLEL_USERS = 4;

/**
 * `count` sandbox mailboxes, Office 365 and Gmail alternately, connected through the real OAuth flow by users
 * holding two each (one of each provider, as a member of staff with a work and a shared mailbox would), then
 * initialised through initialize-sync-config (the product's path after connecting).
 */
export async function connectFleet(
  appUrl: string,
  sandboxUrl: string,
  count: number,
  tag: string,
  log: (message: string) => void,
): Promise<FleetMailbox[]> {
  const sandbox = sandboxControl(sandboxUrl);
  const mailboxes: (FleetMailbox | undefined)[] = new Array(count);
  const users = Math.ceil(count / 2);
  let nextUser = 0;
  let done = 0;
  const started = performance.now();
  const setUpUser = async (user: number) => {
    const session = await signUp(appUrl, `fleet-${tag}`);
    for (const index of [user * 2, user * 2 + 1]) {
      if (index >= count) continue;
      const provider: Provider = index % 2 === 0 ? 'office365' : 'gmail';
      const address = `fleet-${tag}-${index}@bench-${provider}.test`;
      await sandbox.createMailbox(address, provider, MESSAGES_PER_MAILBOX);
      const integrationId = await connectMailbox(session, provider, address);
      await call(session, 'POST', '/api/functions/initialize-sync-config', { integrationId });
      mailboxes[index] = { address, provider, integrationId, session };
      done++;
      if (done % 100 === 0) log(`fleet: ${done} of ${count} mailboxes connected`);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_USERS, users) }, async () => {
      while (nextUser < users) await setUpUser(nextUser++);
    }),
  );
  log(
    `fleet: ${count} mailboxes connected and initialised in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return mailboxes.filter((mailbox): mailbox is FleetMailbox => mailbox !== undefined);
}
