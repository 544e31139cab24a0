import { describe, expect, it } from 'vitest';
import { countNoun } from './count-noun';
import { recipientsSummary } from './recipients-summary';

const r = (name: string, address = `${name.toLowerCase()}@x.com`) => ({ name, address });

describe('recipientsSummary', () => {
  it('shows the first To recipient by name, else address', () => {
    expect(recipientsSummary([r('Ann')]).firstRecipient).toBe('Ann');
    expect(recipientsSummary([{ name: '', address: 'bare@x.com' }]).firstRecipient).toBe('bare@x.com');
  });

  it('does not offer the others link for two recipients or fewer', () => {
    const summary = recipientsSummary([r('Ann')], [r('Ben')]);
    expect(summary.isCollapsible).toBe(false);
    expect(summary.othersLabel).toBeNull();
  });

  it('offers "& N others" when to+cc+bcc exceeds 2', () => {
    const summary = recipientsSummary([r('Ann'), r('Ben')], [r('Cat')], [r('Dan')]);
    expect(summary).toMatchObject({
      totalCount: 4,
      otherCount: 3,
      isCollapsible: true,
      othersLabel: '& 3 other(s)',
    });
  });

  it('handles no recipients', () => {
    expect(recipientsSummary([])).toMatchObject({ firstRecipient: null, totalCount: 0, otherCount: 0 });
  });

  it('falls back to the first CC when To is empty', () => {
    expect(recipientsSummary([], [r('Cat')]).firstRecipient).toBe('Cat');
  });
});

describe('countNoun', () => {
  it("writes the count with the spec's (s) form", () => {
    expect([0, 1, 2].map((n) => countNoun(n, 'item'))).toEqual(['0 item(s)', '1 item(s)', '2 item(s)']);
  });
});
