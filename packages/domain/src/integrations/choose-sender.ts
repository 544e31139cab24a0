import type { Provider } from '../entities';

/** What choosing a sending mailbox needs to know of one. */
export type SenderCandidate = { id: string; provider: Provider; isActive: boolean };

/**
 * The mailbox a mail goes out from: the preferred one (a reply's original mailbox) when it is there, else an
 * active Office 365 mailbox (spec §5), else an active Gmail mailbox (a deviation: decision 005 asks send and reply
 * for both providers), else an inactive one, so the inactive-account message can be shown. Ties keep the
 * candidates' order. The browser's compose "From" and the server's default sender both choose with it.
 */
export function chooseSender<T extends SenderCandidate>(
  candidates: readonly T[],
  preferredId: string | null = null,
): T | null {
  const preferred = preferredId ? candidates.find((candidate) => candidate.id === preferredId) : undefined;
  if (preferred) return preferred;
  const rank = (candidate: SenderCandidate) =>
    (candidate.isActive ? 0 : 2) + (candidate.provider === 'office365' ? 0 : 1);
  return [...candidates].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
