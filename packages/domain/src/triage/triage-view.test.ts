import { describe, expect, it } from 'vitest';
import { pathForSharedView, pathForView, sharedMailboxIdFromPath, viewFromPath } from './triage-view';

describe('viewFromPath', () => {
  it.each([
    ['/triage/personal/inbox', 'inbox'],
    ['/triage/personal/later', 'later'],
    ['/triage/personal/low-priority', 'low-priority'],
    ['/triage/personal/scheduled', 'scheduled'],
    ['/triage/personal/sent', 'sent'],
    ['/triage/personal/cleared', 'cleared'],
    ['/triage/drafts', 'drafts'],
    ['/triage/shared/mbx-42', 'shared'],
    ['/triage/shared/mbx-42/cleared', 'cleared'],
    ['/triage/shared/mbx-42/low-priority', 'low-priority'],
    ['/triage/shared/mbx-42/drafts', 'shared'],
  ])('recognises the route %s as %s', (path, view) => {
    expect(viewFromPath(path)).toBe(view);
  });

  it.each([
    ['/triage/sent', 'sent'],
    ['/triage/cleared', 'cleared'],
    ['/triage/later', 'later'],
    ['/triage/low-priority', 'low-priority'],
    ['/triage/scheduled', 'scheduled'],
  ])('recognises the path fragment %s', (path, view) => {
    expect(viewFromPath(path)).toBe(view);
  });

  it('accepts a trailing slash or deeper segment', () => {
    expect(viewFromPath('/triage/personal/later/')).toBe('later');
    expect(viewFromPath('/triage/sent/abc')).toBe('sent');
  });

  it('falls back to the main inbox view for other triage paths', () => {
    expect(viewFromPath('/triage')).toBe('inbox');
    expect(viewFromPath('/')).toBe('inbox');
    expect(viewFromPath('/triage/personal/unknown')).toBe('inbox');
  });

  it('does not take a prefix match for a view (sentinel is not sent)', () => {
    expect(viewFromPath('/triage/sentinel')).toBe('inbox');
  });
});

describe('sharedMailboxIdFromPath', () => {
  it('reads the mailbox id of a shared view', () => {
    expect(sharedMailboxIdFromPath('/triage/shared/team%40firm.com')).toBe('team@firm.com');
  });

  it('is null elsewhere', () => {
    expect(sharedMailboxIdFromPath('/triage/personal/inbox')).toBeNull();
  });
});

describe('pathForView', () => {
  it('builds personal routes and the drafts route', () => {
    expect(pathForView('low-priority')).toBe('/triage/personal/low-priority');
    expect(pathForView('drafts')).toBe('/triage/drafts');
  });
});

describe('a shared mailbox’s views (issue 27)', () => {
  it('has a path for its own view and each sub-view, and reads the mailbox id back from each', () => {
    expect(pathForSharedView('mbx-42', null)).toBe('/triage/shared/mbx-42');
    expect(pathForSharedView('mbx-42', 'sent')).toBe('/triage/shared/mbx-42/sent');
    expect(sharedMailboxIdFromPath('/triage/shared/mbx-42/sent')).toBe('mbx-42');
  });
});
