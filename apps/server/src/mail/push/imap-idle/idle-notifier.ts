import type { MailDeps } from '../../core/mail-deps';
import { recordPushNotification } from '../push-store';
import type { LeasedMailbox } from './idle-leases';

/** What a held IDLE asks of the fleet: one sync of the mailbox, coalesced with any already queued. */
export type QueueMailboxSync = (mailbox: LeasedMailbox) => Promise<unknown>;

/**
 * What a mailbox's IDLE events call: a burst gives one queue call at a time, and one more if events came while it
 * ran (the fleet's stately queue then keeps at most one waiting). Each call counts a notification, so Email
 * Integration shows when the server last told of a change.
 */
export function coalescedNotifier(
  deps: Pick<MailDeps, 'db' | 'log'>,
  mailbox: LeasedMailbox,
  queueSync: QueueMailboxSync,
  isStopping: () => boolean,
): () => void {
  let isSending = false;
  let again = false;
  const send = async () => {
    if (isSending) {
      again = true;
      return;
    }
    isSending = true;
    try {
      do {
        again = false;
        await recordPushNotification(deps.db, mailbox.integrationId, true, new Date());
        await queueSync(mailbox);
      } while (again && !isStopping());
    } catch (error) {
      deps.log.warn({ err: error, integrationId: mailbox.integrationId }, 'queueing an IDLE sync failed');
    } finally {
      isSending = false;
    }
  };
  return () => void send();
}
