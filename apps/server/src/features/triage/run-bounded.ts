/**
 * Runs `work` for every entry with at most `limit` running at once. `shouldStop` is asked before each start,
 * so a caller that gave up (a deadline) leaves the rest unstarted. `work` must not reject.
 */
export async function runBounded<T>(
  entries: readonly T[],
  limit: number,
  work: (entry: T) => Promise<void>,
  shouldStop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < entries.length && !shouldStop()) {
      const entry = entries[next] as T;
      next += 1;
      await work(entry);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, entries.length)) }, worker));
}
