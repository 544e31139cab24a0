/** What the palette searches: a command's id, its label, its section and any other words it answers to. */
export type SearchableCommand = {
  id: string;
  label: string;
  group: string;
  keywords?: readonly string[];
};

export type CommandSection<T> = { group: string; commands: T[] };

/** The section holding recently run commands, shown first. */
export const RECENT_GROUP = 'Recent';
/** How many recently run commands are remembered. */
export const RECENT_COMMANDS_LIMIT = 5;

const isWordStart = (text: string, index: number) => index === 0 || /[\s\-_/&.(]/.test(text[index - 1] ?? '');

function isSubsequence(needle: string, haystack: string, from: number): boolean {
  let at = from;
  for (const letter of needle) {
    at = haystack.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * How well `query` matches `text` as a fuzzy subsequence (case-insensitive, spaces in the query ignored), or
 * null when some letter is missing. Higher is better: a prefix beats word starts, which beat scattered letters.
 */
export function fuzzyScore(query: string, text: string): number | null {
  const needle = query.toLowerCase().replace(/\s+/g, '');
  if (needle === '') return 0;
  const haystack = text.toLowerCase();
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const [position, letter] of [...needle].entries()) {
    let index = haystack.indexOf(letter, from);
    if (index === -1) return null;
    // Prefer a later occurrence that starts a word ("ca" finds "Clear & Archive" at C and A), as long as
    // the rest of the query still fits after it.
    if (index !== previous + 1 && !isWordStart(haystack, index)) {
      const rest = needle.slice(position + 1);
      for (
        let probe = haystack.indexOf(letter, index + 1);
        probe !== -1;
        probe = haystack.indexOf(letter, probe + 1)
      ) {
        if (isWordStart(haystack, probe) && isSubsequence(rest, haystack, probe + 1)) {
          index = probe;
          break;
        }
      }
    }
    score += 1;
    if (index === previous + 1) score += 4;
    if (isWordStart(haystack, index)) score += 6;
    previous = index;
    from = index + 1;
  }
  if (haystack.startsWith(query.toLowerCase().trim())) score += 20;
  // Among equals, the shorter text is the closer match.
  return score - haystack.length / 100;
}

/** The best score of a command over its label and keywords, or null when nothing matches. */
export function commandScore(command: SearchableCommand, query: string): number | null {
  const scores = [command.label, ...(command.keywords ?? [])]
    .map((text, index) => {
      const score = fuzzyScore(query, text);
      // A hit on the label itself ranks above the same hit on a keyword.
      return score == null ? null : index === 0 ? score + 1 : score;
    })
    .filter((score): score is number => score != null);
  return scores.length === 0 ? null : Math.max(...scores);
}

/**
 * The palette's list: recently run commands first (most recent first, or best match first while searching),
 * then every other matching command in its own section. Sections keep the order of `groupOrder` (unknown
 * groups after, in the order met); while searching, commands inside a section are ordered by score.
 */
export function rankCommands<T extends SearchableCommand>(
  commands: readonly T[],
  query: string,
  recentIds: readonly string[],
  groupOrder: readonly string[] = [],
): CommandSection<T>[] {
  const isSearching = query.trim() !== '';
  const scored = commands
    .map((command, position) => ({ command, position, score: commandScore(command, query) }))
    .filter((entry): entry is { command: T; position: number; score: number } => entry.score != null);
  const byRank = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    isSearching ? b.score - a.score || a.position - b.position : a.position - b.position;

  const recentRank = new Map(recentIds.map((id, index) => [id, index]));
  const recent = scored
    .filter((entry) => recentRank.has(entry.command.id))
    .sort((a, b) =>
      isSearching ? byRank(a, b) : (recentRank.get(a.command.id) ?? 0) - (recentRank.get(b.command.id) ?? 0),
    );
  const rest = scored.filter((entry) => !recentRank.has(entry.command.id)).sort(byRank);

  const groups = [...groupOrder];
  for (const entry of commands) if (!groups.includes(entry.group)) groups.push(entry.group);
  const sections: CommandSection<T>[] = [];
  if (recent.length > 0)
    sections.push({ group: RECENT_GROUP, commands: recent.map((entry) => entry.command) });
  const ordered = groups
    .map((group) => ({ group, entries: rest.filter((entry) => entry.command.group === group) }))
    .filter((section) => section.entries.length > 0);
  if (isSearching) ordered.sort((a, b) => (b.entries[0]?.score ?? 0) - (a.entries[0]?.score ?? 0));
  for (const { group, entries } of ordered) sections.push({ group, commands: entries.map((e) => e.command) });
  return sections;
}

/** The recent list after running `id`: it moves to the front, duplicates go, at most `limit` kept. */
export function pushRecent(
  recentIds: readonly string[],
  id: string,
  limit = RECENT_COMMANDS_LIMIT,
): string[] {
  return [id, ...recentIds.filter((recentId) => recentId !== id)].slice(0, limit);
}
