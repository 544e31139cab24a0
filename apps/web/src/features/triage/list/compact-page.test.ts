import type { ThreadGroupDto, ThreadsPage } from '@ledgerdesk/domain/api/triage';
import type { TriageItem } from '@ledgerdesk/domain/entities';
import { testGroup, testItem } from '@ledgerdesk/domain/triage/test-item';
import { describe, expect, it } from 'vitest';
import { compactThreadsPage } from './compact-page';

// What the network hands over: every object its own copy, as JSON.parse makes them.
function fromNetwork(page: ThreadsPage): ThreadsPage {
  return JSON.parse(JSON.stringify(page)) as ThreadsPage;
}

const group = testGroup;

const source = { sourceType: 'email', sourceName: 'Work mailbox', priority: 8 };
const item = (id: string, tags: string[]) =>
  testItem({ id, metadata: { tags }, notificationSource: source, extractedReferences: ['REF-1'] });

describe('compactThreadsPage', () => {
  const page = fromNetwork({
    groups: [group('t1', [item('a', ['vat']), item('b', ['vat'])]), group('single-c', [item('c', ['vat'])])],
    nextCursor: 'next',
    total: 3,
  });
  const before = JSON.stringify(page);
  const compacted = compactThreadsPage(page);

  it('changes no value: the page reads exactly as it arrived', () => {
    expect(JSON.stringify(compacted)).toBe(before);
  });

  it("makes each group's latest email the same object as its entry in emails", () => {
    for (const entry of compacted.groups) expect(entry.latestEmail).toBe(entry.emails[0]);
  });

  it('shares the values repeated across items and groups', () => {
    const [first, second] = compacted.groups as [ThreadGroupDto, ThreadGroupDto];
    const [a, b] = first.emails as [TriageItem, TriageItem];
    const c = second.emails[0] as TriageItem;
    expect(a.notificationSource).toBe(c.notificationSource);
    expect(a.extractedReferences).toBe(b.extractedReferences);
    expect(a.metadata.tags).toBe(c.metadata.tags);
    expect(first.participants).toBe(second.participants);
  });

  it('keeps a latest email that is not among the emails as it is', () => {
    const lone = fromNetwork({ groups: [group('t2', [item('d', [])])], nextCursor: null, total: 1 });
    const own = lone.groups[0] as ThreadGroupDto;
    own.latestEmail = { ...own.latestEmail, id: 'elsewhere' };
    compactThreadsPage(lone);
    expect(own.latestEmail.id).toBe('elsewhere');
    expect(own.latestEmail).not.toBe(own.emails[0]);
  });
});
