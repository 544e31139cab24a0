import type { SandboxContext } from '../context';
import { noteDropped } from '../push/graph-notifier';
import { firstChangeAfter } from '../store/change-log';
import type { ChangeRecord, GmailWatch, Mailbox } from '../store/types';
import { publish } from './pubsub-state';

/** Gmail publishes at most one notification a second per user; changes in between share the next one. */
export const MIN_NOTIFICATION_GAP_MS = 1000;
const TICK_MS = 100;

function touchesWatch(record: ChangeRecord, watch: GmailWatch): boolean {
  if (watch.labelIds.length === 0) return true;
  const labels = [...record.labelIds, ...(record.labelsAdded ?? []), ...(record.labelsRemoved ?? [])];
  const isLabelled = labels.some((label) => watch.labelIds.includes(label));
  return watch.labelFilterBehavior === 'include' ? isLabelled : !isLabelled;
}

/** Publishes {emailAddress, historyId} for a watched mailbox whose history moved on a watched label. */
export function publishWatchedChanges(ctx: SandboxContext, mailbox: Mailbox, now: number): void {
  const watch = mailbox.gmailWatch;
  if (!watch || watch.expiration <= now || mailbox.seq <= watch.notifiedSeq) return;
  if (now - watch.lastPublishedAt < MIN_NOTIFICATION_GAP_MS) return;
  let isWatched = false;
  const added: number[] = [];
  for (let index = firstChangeAfter(mailbox, watch.notifiedSeq); index < mailbox.log.length; index++) {
    const record = mailbox.log[index];
    if (!record || !touchesWatch(record, watch)) continue;
    isWatched = true;
    if (record.kind === 'added') added.push(record.serial);
  }
  watch.notifiedSeq = mailbox.seq;
  if (!isWatched) return;
  watch.lastPublishedAt = now;
  const data = Buffer.from(
    JSON.stringify({ emailAddress: mailbox.address, historyId: mailbox.seq }),
  ).toString('base64');
  if (publish(ctx.pubsub, watch.topicName, data, now)) return;
  for (const serial of added) noteDropped(ctx, mailbox, serial);
}

/** Looks at every watched mailbox a few times a second; answers a stop function. */
export function startWatchPublisher(ctx: SandboxContext): () => void {
  const timer = setInterval(() => {
    const now = ctx.now();
    for (const mailbox of ctx.store.mailboxes.values()) publishWatchedChanges(ctx, mailbox, now);
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
