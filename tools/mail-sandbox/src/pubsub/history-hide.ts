import type { SandboxContext } from '../context';
import { firstChangeAfter } from '../store/change-log';
import type { Mailbox } from '../store/types';

/** One message hidden from one history read: `lag` as if its change were not yet written, `skip` as if lost. */
export type HistoryHide = { mode: 'lag' | 'skip'; seq: number; messageId: string };

/**
 * The armed "hide from history once" fault of this mailbox, when this read (from `start`) would list the first
 * message added after the fault was armed; the fault is used up by it.
 */
export function takeHistoryHide(ctx: SandboxContext, mailbox: Mailbox, start: number): HistoryHide | null {
  const armed = ctx.pubsub.faults.hideFromHistory;
  const index = armed.findIndex((entry) => entry.mailbox === mailbox.address);
  const entry = armed[index];
  if (!entry) return null;
  for (let i = firstChangeAfter(mailbox, Math.max(start, entry.afterSeq)); i < mailbox.log.length; i++) {
    const record = mailbox.log[i];
    if (record?.kind !== 'added') continue;
    armed.splice(index, 1);
    return { mode: entry.mode, seq: record.seq, messageId: record.id };
  }
  return null;
}
