import { describe, expect, it } from 'vitest';
import { customFilterLabel, matchesCustomFilter, matchesCustomFilters } from './custom-filter';
import { testItem } from './test-item';

describe('matchesCustomFilter', () => {
  it('matches a sender when the from address contains the value, ignoring case', () => {
    const item = testItem({ fromAddress: 'Bob Smith <Bob@Client.co.uk>' });
    expect(matchesCustomFilter(item, { type: 'sender', value: 'client.CO' })).toBe(true);
    expect(matchesCustomFilter(item, { type: 'sender', value: 'other.com' })).toBe(false);
  });

  it('matches a tag from the metadata tags', () => {
    const item = testItem({ metadata: { tags: ['VAT', 'urgent'] } });
    expect(matchesCustomFilter(item, { type: 'tag', value: 'vat' })).toBe(true);
    expect(matchesCustomFilter(item, { type: 'tag', value: 'payroll' })).toBe(false);
  });

  it('matches a tag by the notification source name', () => {
    const item = testItem({
      notificationSource: { sourceType: 'email', sourceName: 'Work Inbox', priority: 8 },
    });
    expect(matchesCustomFilter(item, { type: 'tag', value: 'work inbox' })).toBe(true);
  });

  it('matches an assignee from metadata.assignee', () => {
    const item = testItem({ metadata: { assignee: 'Dana' } });
    expect(matchesCustomFilter(item, { type: 'assignee', value: 'dana' })).toBe(true);
    expect(matchesCustomFilter(testItem(), { type: 'assignee', value: 'dana' })).toBe(false);
  });

  it('lets everything through for an empty value', () => {
    expect(matchesCustomFilter(testItem(), { type: 'assignee', value: '  ' })).toBe(true);
  });

  it('requires every filter when several are active', () => {
    const item = testItem({ fromAddress: 'a@x.com', metadata: { assignee: 'Dana' } });
    expect(
      matchesCustomFilters(item, [
        { type: 'sender', value: 'x.com' },
        { type: 'assignee', value: 'Dana' },
      ]),
    ).toBe(true);
    expect(
      matchesCustomFilters(item, [
        { type: 'sender', value: 'x.com' },
        { type: 'assignee', value: 'Eve' },
      ]),
    ).toBe(false);
  });
});

describe('customFilterLabel', () => {
  it('reads "type: value"', () => {
    expect(customFilterLabel({ type: 'sender', value: 'acme.com' })).toBe('sender: acme.com');
  });
});
