import type { ComposeDraft } from './compose-draft';

/**
 * A message Undo send took back while the triage screen (which owns the compose dialog) was not mounted: kept
 * in memory only (never in storage: it is mail), until the triage screen mounts again and reopens it.
 */
let pending: ComposeDraft | null = null;

export function keepUndoneDraft(draft: ComposeDraft): void {
  pending = draft;
}

/** The waiting draft, if it belongs to one of `integrationIds` (another account signed in meanwhile: dropped). */
export function takeUndoneDraft(integrationIds: readonly string[]): ComposeDraft | null {
  const draft = pending;
  pending = null;
  if (!draft) return null;
  return draft.integrationId && integrationIds.includes(draft.integrationId) ? draft : null;
}

export function hasUndoneDraft(): boolean {
  return pending !== null;
}
