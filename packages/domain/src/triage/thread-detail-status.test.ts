import { describe, expect, it } from 'vitest';
import { type ThreadDetailStatusInput, threadDetailStatus } from './thread-detail-status';

const base: ThreadDetailStatusInput = {
  hasIntegrationData: true,
  folderState: null,
  isLoading: false,
  isTimedOut: false,
  thread: { emails: [{ status: 'available' }] },
};

describe('threadDetailStatus', () => {
  it('1. is available without integration data, whatever else holds', () => {
    expect(
      threadDetailStatus({
        ...base,
        hasIntegrationData: false,
        folderState: 'deleted',
        isLoading: true,
        thread: null,
      }),
    ).toBe('available');
  });

  it('2. is deleted for folder state deleted, before archived and loading', () => {
    expect(threadDetailStatus({ ...base, folderState: 'deleted', isLoading: true })).toBe('deleted');
  });

  it('3. is archived for folder state archived or archive, before loading', () => {
    expect(threadDetailStatus({ ...base, folderState: 'archived', isLoading: true })).toBe('archived');
    expect(threadDetailStatus({ ...base, folderState: 'archive' })).toBe('archived');
  });

  it('4. is syncing while loading, before the time-out', () => {
    expect(threadDetailStatus({ ...base, isLoading: true, isTimedOut: true })).toBe('syncing');
  });

  it('5. is error once the load timed out, even with emails', () => {
    expect(threadDetailStatus({ ...base, isTimedOut: true })).toBe('error');
  });

  it("6. takes the first email's status, defaulting to available", () => {
    expect(
      threadDetailStatus({ ...base, thread: { emails: [{ status: 'deleted' }, { status: 'available' }] } }),
    ).toBe('deleted');
    expect(threadDetailStatus({ ...base, thread: { emails: [{}] } })).toBe('available');
  });

  it('7. is error without emails', () => {
    expect(threadDetailStatus({ ...base, thread: { emails: [] } })).toBe('error');
    expect(threadDetailStatus({ ...base, thread: null })).toBe('error');
  });

  it('ignores other folder states', () => {
    expect(threadDetailStatus({ ...base, folderState: 'inbox' })).toBe('available');
  });
});
