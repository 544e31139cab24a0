import { newestFirst } from '../store/message-ops';
import type { FolderKey, Mailbox } from '../store/types';
import { collectDeltaChanges, type DeltaEntry } from './delta-changes';
import type { DeltaState } from './delta-token';

/**
 * "Applying $filter in a delta query returns only up to 5,000 messages" (Graph, delta-query-messages.md): the
 * round then ends with its deltaLink as if the folder held no more.
 */
export const DELTA_FILTER_LIMIT = 5000;

export type DeltaPage = {
  items: DeltaEntry[];
  next?: DeltaState;
  delta: DeltaState;
};

/** A page of the initial round: the folder's messages, newest first, from the token's position. */
export function initialPage(
  mailbox: Mailbox,
  folder: FolderKey,
  state: Extract<DeltaState, { phase: 'initial' }>,
  size: number,
): DeltaPage {
  const items: DeltaPage['items'] = [];
  const served = state.served ?? 0;
  const limit = state.receivedAfter === undefined ? Number.POSITIVE_INFINITY : DELTA_FILTER_LIMIT - served;
  const pageSize = Math.min(size, limit);
  let hasMore = false;
  for (const message of newestFirst(mailbox, state.beforeSerial)) {
    if (message.folder !== folder) continue;
    if (state.receivedAfter !== undefined && message.receivedAt < state.receivedAfter) continue;
    if (items.length === pageSize) {
      hasMore = items.length < limit;
      break;
    }
    items.push({ kind: 'present', message });
  }
  const last = items[items.length - 1];
  const { beforeSerial: _before, since, served: _served, ...rest } = state;
  const delta: DeltaState = { ...rest, phase: 'delta', seq: since };
  return hasMore && last && last.kind === 'present'
    ? {
        items,
        next: { ...state, beforeSerial: last.message.serial, served: served + items.length },
        delta,
      }
    : { items, delta };
}

/** A page of changes in (from, to]; the last one hands out the deltaLink position `to`. */
export function changesPage(
  mailbox: Mailbox,
  folder: FolderKey,
  state: Extract<DeltaState, { phase: 'changes' }>,
  size: number,
  isImmutable: boolean,
): DeltaPage {
  const all = collectDeltaChanges(mailbox, folder, state.from, state.to, isImmutable, state.changeType);
  const items = all.slice(state.offset, state.offset + size);
  const { from: _from, to, offset, ...rest } = state;
  const delta: DeltaState = { ...rest, phase: 'delta', seq: to };
  return offset + size < all.length
    ? { items, next: { ...state, offset: offset + size }, delta }
    : { items, delta };
}
