import { describe, expect, it } from 'vitest';
import { fuzzyScore, pushRecent, RECENT_GROUP, rankCommands, type SearchableCommand } from './command-search';

const command = (id: string, label: string, group: string, keywords?: string[]): SearchableCommand => ({
  id,
  label,
  group,
  keywords,
});

const COMMANDS = [
  command('clear', 'Clear & Archive', 'Selection', ['done', 'archive']),
  command('later', 'Save to Later', 'Selection'),
  command('compose', 'Compose', 'Triage', ['new email', 'write']),
  command('go-later', 'Later', 'Views'),
  command('go-cleared', 'Cleared', 'Views'),
  command('go-contacts', 'Contacts', 'Go to'),
  command('connect-gmail', 'Connect Gmail', 'Mail accounts'),
];

const ids = (sections: { commands: SearchableCommand[] }[]) =>
  sections.flatMap((section) => section.commands.map((entry) => entry.id));

describe('fuzzyScore', () => {
  it('matches letters in order anywhere, ignoring case and spaces in the query', () => {
    expect(fuzzyScore('clr', 'Clear & Archive')).not.toBeNull();
    expect(fuzzyScore('CONNECT gm', 'Connect Gmail')).not.toBeNull();
    expect(fuzzyScore('', 'Anything')).toBe(0);
  });

  it('refuses text missing a letter or holding the letters in another order', () => {
    expect(fuzzyScore('clz', 'Clear & Archive')).toBeNull();
    expect(fuzzyScore('ec', 'Compose')).toBeNull();
  });

  it('ranks a prefix above word starts, and word starts above scattered letters', () => {
    const prefix = fuzzyScore('la', 'Later') ?? -1;
    const wordStarts = fuzzyScore('la', 'Save to Later') ?? -1;
    const scattered = fuzzyScore('la', 'Clear & Archive') ?? -1;
    expect(prefix).toBeGreaterThan(wordStarts);
    expect(wordStarts).toBeGreaterThan(scattered);
  });

  it('takes a later word start when the rest of the query still fits, and falls back when it does not', () => {
    // "ca" is C(lear) and A(rchive), two word starts, not the "a" inside "Clear".
    expect(fuzzyScore('ca', 'Clear & Archive') ?? -1).toBeGreaterThan(fuzzyScore('ca', 'Clearance') ?? -1);
    // Jumping to the word-start "a" of "ab" would leave no "l"; the earlier "a" is kept and it still matches.
    expect(fuzzyScore('al', 'xal ab')).not.toBeNull();
  });
});

describe('rankCommands', () => {
  it('lists every command by section in the given section order when the query is empty', () => {
    const sections = rankCommands(COMMANDS, '', [], ['Views', 'Selection']);
    expect(sections.map((section) => section.group)).toEqual([
      'Views',
      'Selection',
      'Triage',
      'Go to',
      'Mail accounts',
    ]);
    expect(ids(sections)).toHaveLength(COMMANDS.length);
  });

  it('puts recent commands first, most recent first, and does not repeat them in their own sections', () => {
    const sections = rankCommands(COMMANDS, '', ['go-contacts', 'clear']);
    expect(sections[0]).toEqual({ group: RECENT_GROUP, commands: [COMMANDS[5], COMMANDS[0]] });
    expect(ids(sections).filter((id) => id === 'clear')).toHaveLength(1);
  });

  it('ignores recent ids of commands that are not registered now', () => {
    const sections = rankCommands(COMMANDS, '', ['snooze']);
    expect(sections.map((section) => section.group)).not.toContain(RECENT_GROUP);
  });

  it('keeps only matches while searching, best first, and a matching recent command still leads', () => {
    expect(ids(rankCommands(COMMANDS, 'later', []))).toEqual(['go-later', 'later']);
    expect(ids(rankCommands(COMMANDS, 'later', ['later']))).toEqual(['later', 'go-later']);
    expect(rankCommands(COMMANDS, 'zzz', ['clear'])).toEqual([]);
  });

  it('finds a command by its keywords, below a command whose label matches as well', () => {
    expect(ids(rankCommands(COMMANDS, 'write', []))).toEqual(['compose']);
    const archive = ids(rankCommands(COMMANDS, 'archive', []));
    expect(archive[0]).toBe('clear');
  });
});

describe('pushRecent', () => {
  it('moves the command to the front without duplicates and keeps at most the limit', () => {
    expect(pushRecent([], 'a')).toEqual(['a']);
    expect(pushRecent(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(pushRecent(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
    expect(pushRecent(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['f', 'a', 'b', 'c', 'd']);
  });
});
