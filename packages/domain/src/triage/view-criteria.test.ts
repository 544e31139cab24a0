import { describe, expect, it } from 'vitest';
import type { TriageStatus } from '../entities';
import { testItem } from './test-item';
import { TRIAGE_VIEWS } from './triage-view';
import { isArchivedFolderState, isInView, viewCriteria } from './view-criteria';

const item = (status: TriageStatus, folderState?: string) =>
  testItem({ status, metadata: folderState ? { exchange_folder_state: folderState } : {} });

describe('isInView: main view', () => {
  it.each(['inbox', 'later', 'low_priority', 'scheduled'] as const)('includes status %s', (status) => {
    expect(isInView(item(status), 'inbox')).toBe(true);
  });

  it.each(['sent', 'cleared', 'drafts'] as const)('excludes status %s', (status) => {
    expect(isInView(item(status), 'inbox')).toBe(false);
  });

  it.each(['archive', 'archived'])('excludes an inbox item whose folder state is %s', (state) => {
    expect(isInView(item('inbox', state), 'inbox')).toBe(false);
  });

  it('keeps an item whose folder state is deleted', () => {
    expect(isInView(item('inbox', 'deleted'), 'inbox')).toBe(true);
  });

  it('shows the same items in a shared mailbox view', () => {
    expect(isInView(item('later'), 'shared')).toBe(true);
    expect(isInView(item('inbox', 'archive'), 'shared')).toBe(false);
  });
});

describe('isInView: cleared view', () => {
  it('includes status cleared', () => {
    expect(isInView(item('cleared'), 'cleared')).toBe(true);
  });

  it('includes any status whose folder state is archive', () => {
    expect(isInView(item('inbox', 'archive'), 'cleared')).toBe(true);
    expect(isInView(item('later', 'archived'), 'cleared')).toBe(true);
  });

  it('excludes an inbox item with no archive folder state', () => {
    expect(isInView(item('inbox'), 'cleared')).toBe(false);
  });
});

describe('isInView: status views', () => {
  it.each([
    ['later', 'later'],
    ['low-priority', 'low_priority'],
    ['scheduled', 'scheduled'],
    ['sent', 'sent'],
    ['drafts', 'drafts'],
  ] as const)('the %s view shows exactly status %s', (view, status) => {
    expect(isInView(item(status), view)).toBe(true);
    expect(isInView(item('inbox'), view)).toBe(false);
  });
});

describe('snoozed items', () => {
  it('leave the main view for Scheduled; a scheduled item without a return time stays (spec §4)', () => {
    const snoozed = { ...item('scheduled'), snoozedUntil: '2026-03-09T08:00:00.000Z' };
    expect(isInView(snoozed, 'inbox')).toBe(false);
    expect(isInView(snoozed, 'scheduled')).toBe(true);
    expect(isInView({ ...item('scheduled'), snoozedUntil: null }, 'inbox')).toBe(true);
  });
});

describe('viewCriteria', () => {
  it('describes the main view for a SQL builder', () => {
    expect(viewCriteria('inbox')).toEqual({
      statuses: ['inbox', 'later', 'low_priority', 'scheduled'],
      includeArchivedFolderState: false,
      excludeArchivedFolderState: true,
      excludeSnoozed: true,
    });
  });

  it('describes the cleared view as status cleared or archived folder state', () => {
    expect(viewCriteria('cleared')).toEqual({
      statuses: ['cleared'],
      includeArchivedFolderState: true,
      excludeArchivedFolderState: false,
      excludeSnoozed: false,
    });
  });

  it('returns a fresh statuses array each time', () => {
    viewCriteria('inbox').statuses.push('sent');
    expect(viewCriteria('inbox').statuses).not.toContain('sent');
  });

  it('has criteria for every view', () => {
    for (const view of TRIAGE_VIEWS) expect(viewCriteria(view).statuses.length).toBeGreaterThan(0);
  });
});

describe('isArchivedFolderState', () => {
  it('is true only for archive and archived', () => {
    expect([null, undefined, 'deleted', 'archive', 'archived', 'inbox'].map(isArchivedFolderState)).toEqual([
      false,
      false,
      false,
      true,
      true,
      false,
    ]);
  });
});
