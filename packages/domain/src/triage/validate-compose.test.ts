import { describe, expect, it } from 'vitest';
import {
  canReply,
  FORWARD_NOT_IMPLEMENTED,
  MISSING_RECIPIENT,
  MISSING_SUBJECT,
  NO_EMAIL_ACCOUNT_CONNECTED,
  OFFICE365_ACCOUNT_REQUIRED,
  parseRecipientList,
  REPLY_NOT_AVAILABLE,
  validateCompose,
} from './validate-compose';

const ok = { to: 'a@x.com', subject: 'Hello', hasOffice365: true, isActive: true };

describe('validateCompose', () => {
  it('passes a complete message', () => {
    expect(validateCompose(ok)).toBeNull();
  });

  it('checks the connection first, then activity, then recipient, then subject', () => {
    expect(validateCompose({ to: '', subject: '', hasOffice365: false, isActive: false })).toBe(
      NO_EMAIL_ACCOUNT_CONNECTED,
    );
    expect(validateCompose({ ...ok, to: '', subject: '', isActive: false })).toBe(OFFICE365_ACCOUNT_REQUIRED);
    expect(validateCompose({ ...ok, to: '   ', subject: '' })).toBe(MISSING_RECIPIENT);
    expect(validateCompose({ ...ok, subject: ' \t' })).toBe(MISSING_SUBJECT);
  });

  it('uses the spec titles', () => {
    expect(
      [NO_EMAIL_ACCOUNT_CONNECTED, OFFICE365_ACCOUNT_REQUIRED, MISSING_RECIPIENT, MISSING_SUBJECT].map(
        (m) => m.title,
      ),
    ).toEqual([
      'No Email Account Connected',
      'Office 365 Account Required',
      'Missing Recipient',
      'Missing Subject',
    ]);
    expect(NO_EMAIL_ACCOUNT_CONNECTED.description).toContain('Email Integration settings');
    expect(REPLY_NOT_AVAILABLE.title).toBe('Reply not available');
    expect(FORWARD_NOT_IMPLEMENTED).toBe('Forward functionality will be implemented soon');
  });
});

describe('canReply', () => {
  it('needs both the message id and the integration id', () => {
    expect(canReply({ emailMessageId: 'm', emailIntegrationId: 'i' })).toBe(true);
    expect(canReply({ emailMessageId: 'm', emailIntegrationId: null })).toBe(false);
    expect(canReply({ emailMessageId: null, emailIntegrationId: 'i' })).toBe(false);
  });
});

describe('parseRecipientList', () => {
  it('splits on commas and semicolons and drops blanks', () => {
    expect(parseRecipientList(' a@x.com, b@y.com;;c@z.com , ')).toEqual(['a@x.com', 'b@y.com', 'c@z.com']);
  });
});
