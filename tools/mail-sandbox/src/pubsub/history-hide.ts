import type { SandboxContext } from '../context';
import { firstChangeAfter, hideFromChanges } from '../store/change-log';
import type { Mailbox } from '../store/types';

/** A history read held back before one new message's change (`seq`), as if Gmail had not written it yet. */
export type HistoryLag = { seq: number };

/**
 * Uses up the armed "hide from history once" fault of this mailbox when this read (from `start`) would list the
 * first message added after the fault was armed. `skip` loses that message's changes so far, as if Gmail never
 * wrote them (the same marking as the control API's hide-from-changes); `lag` answers the read to hold back.
 */
export function takeHistoryHide(ctx: SandboxContext, mailbox: Mailbox, start: number): HistoryLag | null {
  const armed = ctx.pubsub.faults.hideFromHistory;
  const index = armed.findIndex((entry) => entry.mailbox === mailbox.address);
  const entry = armed[index];
  if (!entry) return null;
  for (let i = firstChangeAfter(mailbox, Math.max(start, entry.afterSeq)); i < mailbox.log.length; i++) {
    const record = mailbox.log[i];
    if (record?.kind !== 'added') continue;
    armed.splice(index, 1);
    if (entry.mode === 'lag') return { seq: record.seq };
    hideFromChanges(mailbox, record.id);
    ctx.persist();
    return null;
  }
  return null;
}
