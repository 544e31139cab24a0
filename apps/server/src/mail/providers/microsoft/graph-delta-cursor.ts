import { ProviderError } from '../../core/transport/provider-error';

/**
 * Where a folder's Graph sync stands between pages (decision 031). Stored as the stream's cursor: a Graph link
 * as it is (a delta round's nextLink or deltaLink), or, for the states only Ledgerdesk knows, a JSON object —
 * a page of the first `$filter`ed round with how many messages it has answered so far, or the listing of the
 * sync window that completes a first round Graph cut at its 5,000-message limit, with the deltaLink to go on
 * from afterwards.
 */
export type GraphDeltaCursor =
  | { phase: 'delta'; link: string }
  | { phase: 'first-round'; link: string; seen: number }
  | { phase: 'listing'; link: string; deltaLink: string };

/**
 * The cursor of a stored string; a plain Graph link (as every cursor written before decision 031) is `delta`.
 * One that is neither throws kind `cursor_expired`, so the folder is listed again.
 */
export function parseGraphDeltaCursor(cursor: string): GraphDeltaCursor {
  if (!cursor.startsWith('{')) return { phase: 'delta', link: cursor };
  try {
    const value = JSON.parse(cursor) as Partial<Record<string, unknown>>;
    if (value.phase === 'first-round' && typeof value.link === 'string' && typeof value.seen === 'number')
      return { phase: 'first-round', link: value.link, seen: value.seen };
    if (value.phase === 'listing' && typeof value.link === 'string' && typeof value.deltaLink === 'string')
      return { phase: 'listing', link: value.link, deltaLink: value.deltaLink };
  } catch {
    // Unreadable: as a cursor Graph no longer knows.
  }
  throw new ProviderError('cursor_expired', 'The stored Graph sync cursor is not readable.');
}

/** The string a cursor is stored as. */
export function formatGraphDeltaCursor(cursor: GraphDeltaCursor): string {
  return cursor.phase === 'delta' ? cursor.link : JSON.stringify(cursor);
}
