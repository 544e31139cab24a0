import type { FolderKey } from '../store/types';

/** What a $skiptoken / $deltatoken carries. Tokens are opaque to clients (base64url JSON). */
export type DeltaOptions = {
  select?: string;
  pageSize: number;
  changeType?: 'created' | 'updated' | 'deleted';
  /** $filter=receivedDateTime ge|gt value, as ms. */
  receivedAfter?: number;
};

export type DeltaState =
  /** Paging through the folder's current content; `since` becomes the next deltaLink's position. */
  | ({
      phase: 'initial';
      epoch: string;
      folder: FolderKey;
      since: number;
      beforeSerial: number;
      /** Messages this round has answered so far (a `$filter`ed round stops at DELTA_FILTER_LIMIT). */
      served?: number;
    } & DeltaOptions)
  /** Paging through the changes in (from, to]. */
  | ({
      phase: 'changes';
      epoch: string;
      folder: FolderKey;
      from: number;
      to: number;
      offset: number;
    } & DeltaOptions)
  /** A deltaLink: changes after `seq`. */
  | ({ phase: 'delta'; epoch: string; folder: FolderKey; seq: number } & DeltaOptions);

export function encodeDeltaToken(state: DeltaState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

export function decodeDeltaToken(token: string): DeltaState | undefined {
  try {
    const state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as DeltaState;
    if (typeof state !== 'object' || state === null || typeof state.epoch !== 'string') return undefined;
    if (!['initial', 'changes', 'delta'].includes(state.phase)) return undefined;
    return state;
  } catch {
    return undefined;
  }
}

/** The sequence number a token's changes are relative to (for the expired-cursor check). */
export function tokenPosition(state: DeltaState): number {
  if (state.phase === 'initial') return state.since;
  if (state.phase === 'changes') return state.from;
  return state.seq;
}
