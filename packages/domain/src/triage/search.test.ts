import { describe, expect, it } from 'vitest';
import { matchesSearch, SEARCH_FIELDS } from './search';
import { testItem } from './test-item';

describe('matchesSearch', () => {
  const item = testItem({
    subject: 'Invoice INV-204 overdue',
    fromAddress: 'Carol <carol@ledger.io>',
    emailMessageId: 'AAMkMsgId==',
    emailThreadId: 'conv-777',
    previewContent: 'Please settle the balance',
    extractedReferences: ['REF-9001'],
    metadata: { assignee: 'Pat Lee', exchange_folder_state: 'archive' },
  });

  it.each([
    ['subject', 'inv-204'],
    ['sender', 'CAROL@LEDGER'],
    ['message id', 'aamkmsgid'],
    ['thread id', 'CONV-777'],
    ['preview', 'settle the'],
    ['references', 'ref-9001'],
    ['metadata', 'pat lee'],
  ])('finds a match in the %s, ignoring case', (_field, query) => {
    expect(matchesSearch(item, query)).toBe(true);
  });

  it('rejects an item that matches nowhere', () => {
    expect(matchesSearch(item, 'payroll')).toBe(false);
  });

  it('matches everything for a blank query', () => {
    expect(matchesSearch(item, '   ')).toBe(true);
  });

  it('ignores surrounding whitespace in the query', () => {
    expect(matchesSearch(item, '  overdue ')).toBe(true);
  });

  it('copes with missing optional fields', () => {
    const bare = testItem({ emailMessageId: null, emailThreadId: null, previewContent: null });
    expect(matchesSearch(bare, 'quarterly')).toBe(true);
  });

  it('lists the searched fields', () => {
    expect(SEARCH_FIELDS).toEqual([
      'subject',
      'fromAddress',
      'emailMessageId',
      'emailThreadId',
      'previewContent',
      'extractedReferences',
      'metadata',
    ]);
  });
});
