import { describe, expect, it } from 'vitest';
import { RESET_FOLDER_OPTIONS, RESET_INFO_CARDS, resetScopeLabel } from './reset-dialog-content';

describe('reset dialog content', () => {
  it('lists the three folders with their triage statuses, in checklist order', () => {
    expect(RESET_FOLDER_OPTIONS).toEqual([
      { key: 'inbox', folder: 'Inbox', status: 'inbox' },
      { key: 'sent', folder: 'Sent Items', status: 'sent' },
      { key: 'archive', folder: 'Archive', status: 'cleared' },
    ]);
  });

  it('states the data scope of spec §9: 30 days, at most 1,000 emails', () => {
    const scope = RESET_INFO_CARDS.find((card) => card.title === 'Data scope');
    expect(scope?.points).toEqual(['Last 30 days only', 'At most 1,000 emails', 'Selected folders only']);
  });

  it('names the folders of a recorded scope', () => {
    expect(resetScopeLabel({ inbox: true, sent: false, archive: true })).toBe('Inbox, Archive');
    expect(resetScopeLabel({ inbox: false, sent: false, archive: false })).toBe('None recorded');
    expect(resetScopeLabel(null)).toBe('None recorded');
  });
});
