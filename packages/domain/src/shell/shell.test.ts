import { describe, expect, it } from 'vitest';
import { displayName, initials } from './display-name';
import { pageTitle } from './page-title';
import { decideAuthRoute, decideProtectedRoute } from './route-access';

describe('displayName', () => {
  it('prefers the full name, then the email before the @, then "User"', () => {
    expect(displayName('Amy Jones', 'amy@firm.com')).toBe('Amy Jones');
    expect(displayName('  ', 'amy.jones@firm.com')).toBe('amy.jones');
    expect(displayName(null, null)).toBe('User');
    expect(displayName(undefined, '@firm.com')).toBe('User');
  });
});

describe('initials', () => {
  it('takes the first letters of at most two words, upper case', () => {
    expect(initials('amy jones')).toBe('AJ');
    expect(initials('Amy Beth Jones')).toBe('AB');
    expect(initials('amy.jones')).toBe('A');
    expect(initials('')).toBe('');
  });
});

describe('pageTitle', () => {
  it.each([
    ['/triage/personal/later', 'Later'],
    ['/triage/personal/low-priority', 'Low Priority'],
    ['/triage/personal/scheduled', 'Scheduled'],
    ['/triage/personal/sent', 'Sent'],
    ['/triage/cleared', 'Cleared'],
    ['/triage/drafts', 'Drafts'],
    ['/triage/personal/inbox', 'Triage'],
    ['/triage/shared/abc', 'Triage'],
    ['/triage/personal/later/', 'Later'],
  ])('%s is titled %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});

describe('decideProtectedRoute', () => {
  it('shows the loading screen while authentication loads', () => {
    expect(decideProtectedRoute('loading', '/work', '')).toEqual({ kind: 'loading' });
  });
  it('sends a visitor to /auth', () => {
    expect(decideProtectedRoute('signed-out', '/work', '')).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decideProtectedRoute('signed-out', '/integrations/email', '?error=x')).toEqual({
      kind: 'redirect',
      to: '/auth',
    });
  });
  it('lets the provider return through to /integrations/email when it carries a code', () => {
    expect(decideProtectedRoute('signed-out', '/integrations/email', '?code=x')).toEqual({ kind: 'render' });
    expect(decideProtectedRoute('loading', '/integrations/email', '?code=x&provider=gmail')).toEqual({
      kind: 'render',
    });
  });
  it('renders for a signed-in user', () => {
    expect(decideProtectedRoute('signed-in', '/work', '')).toEqual({ kind: 'render' });
  });
});

describe('decideAuthRoute', () => {
  it('sends a signed-in visitor to /triage', () => {
    expect(decideAuthRoute('signed-in')).toEqual({ kind: 'redirect', to: '/triage' });
    expect(decideAuthRoute('signed-out')).toEqual({ kind: 'render' });
  });
});
