import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { insertFollowUpReminder } from './triage-repository';

export type FollowUp = {
  integrationId: string;
  /** The thread answered; null for a new mail, learned when its sent copy is synced (migration 0008). */
  threadId: string | null;
  subject: string;
  sentAt: Date;
  remindAt: Date;
};

/**
 * Records "Remind me if no reply in…" for a message just sent. The timers (jobs/triage-timers.ts) fire it at
 * `remindAt` unless a message from someone else arrives in the thread first, which cancels it.
 */
export async function scheduleFollowUp(
  app: FastifyInstance,
  userId: string,
  followUp: FollowUp,
): Promise<void> {
  await withUser(app.db, userId, (tx) => insertFollowUpReminder(tx, { userId, ...followUp }));
}
