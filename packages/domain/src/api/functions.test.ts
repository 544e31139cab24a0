import { describe, expect, it } from 'vitest';
import {
  enhancedFullResyncSchema,
  fetchContentSchema,
  oauthFunctionSchema,
  sendEmailSchema,
  syncEmailsSchema,
  syncOffice365Schema,
} from './functions';

const id = '6f1c2a7e-3b7d-4c55-9a43-0e3c8b2d9f10';

describe('server function schemas', () => {
  it('apply the spec defaults of the sync calls', () => {
    expect(syncOffice365Schema.parse({ integrationId: id })).toEqual({
      integrationId: id,
      daysBack: 7,
      batchSize: 100,
      maxEmails: 260,
      bidirectional: true,
    });
    expect(syncEmailsSchema.parse({ integrationId: id })).toMatchObject({
      batchSize: 50,
      maxEmails: 100,
      includeRead: false,
      includeSent: false,
    });
    expect(enhancedFullResyncSchema.parse({ integrationId: id })).toMatchObject({
      daysBack: 30,
      maxEmails: 1000,
      includeFolders: { inbox: true, sent: true, archive: true },
    });
  });

  it('needs at least one reset folder', () => {
    const result = enhancedFullResyncSchema.safeParse({
      integrationId: id,
      includeFolders: { inbox: false, sent: false, archive: false },
    });
    expect(result.success).toBe(false);
  });

  it('tells the two OAuth calls apart', () => {
    expect(
      oauthFunctionSchema.parse({
        action: 'get-auth-url',
        redirectUri: 'https://app.test/integrations/email',
      }),
    ).toEqual({
      action: 'get-auth-url',
      redirectUri: 'https://app.test/integrations/email',
    });
    expect(
      oauthFunctionSchema.parse({ code: 'abc', redirectUri: 'https://app.test/integrations/email' }),
    ).toMatchObject({
      code: 'abc',
    });
    expect(oauthFunctionSchema.safeParse({ redirectUri: 'https://app.test/x' }).success).toBe(false);
  });

  it('validates the send and content bodies of the spec table', () => {
    expect(
      sendEmailSchema.parse({
        to: ['a@b.test'],
        cc: [],
        subject: ' Re: Hello ',
        body: '<p>x</p>',
        triageItemId: null,
        replyType: 'reply',
        threadId: null,
        originalMessageId: null,
      }),
    ).toMatchObject({ subject: 'Re: Hello', replyType: 'reply' });
    expect(sendEmailSchema.safeParse({ to: [], subject: 'x', body: '' }).success).toBe(false);
    expect(sendEmailSchema.safeParse({ to: ['a@b.test'], subject: '   ', body: '' }).success).toBe(false);
    expect(fetchContentSchema.safeParse({ email_message_id: 'AAMk', email_integration_id: id }).success).toBe(
      true,
    );
    expect(fetchContentSchema.safeParse({ email_message_id: '', email_integration_id: id }).success).toBe(
      false,
    );
  });
});
