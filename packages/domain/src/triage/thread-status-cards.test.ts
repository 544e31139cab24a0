import { describe, expect, it } from 'vitest';
import { EMAIL_STATUSES } from '../entities';
import { emailStatusLabel, STATUS_CARDS, statusCardKind, THREAD_ERROR_HINT } from './thread-status-cards';

describe('STATUS_CARDS', () => {
  it('uses the spec texts', () => {
    expect(STATUS_CARDS.syncing).toMatchObject({
      title: 'Loading Email Content',
      description: 'Fetching email details from your email provider...',
    });
    expect(STATUS_CARDS.error.title).toBe('Unable to Load Email');
    expect(STATUS_CARDS.error.hint).toBe(THREAD_ERROR_HINT);
    expect(THREAD_ERROR_HINT).toBe('If this continues, try refreshing your email connection in Settings');
    expect(STATUS_CARDS.archived.title).toBe('Email Archived');
    expect(STATUS_CARDS.deleted.title).toBe('Email Deleted');
    expect(STATUS_CARDS.cleared).toMatchObject({
      title: 'Item Cleared',
      description: 'This item has been cleared from your triage.',
    });
    expect(STATUS_CARDS.basic.title).toBe('Basic Triage Item');
    expect(STATUS_CARDS.noContent.title).toBe('No Email Content');
  });

  it('offers Try Again on error and archived, never on deleted', () => {
    expect(STATUS_CARDS.error.canRetry).toBe(true);
    expect(STATUS_CARDS.archived.canRetry).toBe(true);
    expect(STATUS_CARDS.deleted.canRetry).toBe(false);
  });
});

describe('statusCardKind', () => {
  const input = { isCleared: false, hasIntegrationData: true, hasEmails: true };

  it('shows the card of a syncing, error, archived or deleted status', () => {
    for (const status of ['syncing', 'error', 'archived', 'deleted'] as const) {
      expect(statusCardKind({ ...input, status })).toBe(status);
    }
  });

  it('shows the emails when available with emails', () => {
    expect(statusCardKind({ ...input, status: 'available' })).toBeNull();
  });

  it('shows Item Cleared, Basic Triage Item or No Email Content when available without emails', () => {
    const empty = { ...input, status: 'available' as const, hasEmails: false };
    expect(statusCardKind({ ...empty, isCleared: true, hasIntegrationData: false })).toBe('cleared');
    expect(statusCardKind({ ...empty, hasIntegrationData: false })).toBe('basic');
    expect(statusCardKind(empty)).toBe('noContent');
  });
});

describe('emailStatusLabel', () => {
  it('labels each email status', () => {
    expect(EMAIL_STATUSES.map(emailStatusLabel)).toEqual([
      'Available',
      'Archived',
      'Deleted',
      'Error',
      'Syncing',
    ]);
  });

  it('falls back to Unknown', () => {
    expect(emailStatusLabel('weird')).toBe('Unknown');
    expect(emailStatusLabel(null)).toBe('Unknown');
    expect(emailStatusLabel('toString')).toBe('Unknown');
  });
});
