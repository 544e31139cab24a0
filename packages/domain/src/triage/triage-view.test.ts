import { describe, expect, it } from 'vitest';
import { pathForView, sharedMailboxIdFromPath, viewFromPath } from './triage-view';

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
