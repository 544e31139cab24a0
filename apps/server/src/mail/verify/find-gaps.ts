import type { SyncFolder } from '@ledgerdesk/domain/integrations/folder-mapping';

/** An item triage holds: its provider id, folder and time (received). */
export type HeldItem = { messageId: string; folder: string | null; time: Date };

export type Gaps = {
  /** Unique ids the provider listed in the synced folders (the run's message count). */
  listed: number;
  /** Listed by the provider, held by triage nowhere: to fetch and file. */
  missing: string[];
  /** Held by triage in a folder, inside the window, where the provider no longer lists it: to settle. */
  extra: string[];
};

/**
 * Compares the provider's ids per folder with triage's items. An item in another folder than the provider's
 * (a move the cursor missed) is extra where triage holds it, and settled as a move. Items before the window
 * are left alone unless the provider lists them (both sides use the same window).
 */
export function findGaps(
  listedByFolder: ReadonlyMap<SyncFolder, readonly string[]>,
  held: readonly HeldItem[],
  since: Date,
): Gaps {
  const listed = new Set<string>();
  const byFolder = new Map<string, Set<string>>();
  for (const [folder, ids] of listedByFolder) {
    byFolder.set(folder, new Set(ids));
    for (const id of ids) listed.add(id);
  }
  const heldIds = new Set(held.map((item) => item.messageId));
  const missing = [...listed].filter((id) => !heldIds.has(id));
  const extra: string[] = [];
  for (const item of held) {
    const folderIds = item.folder === null ? undefined : byFolder.get(item.folder);
    if (!folderIds) continue;
    if (item.time.getTime() < since.getTime() && !listed.has(item.messageId)) continue;
    if (!folderIds.has(item.messageId)) extra.push(item.messageId);
  }
  return { listed: listed.size, missing, extra };
}
