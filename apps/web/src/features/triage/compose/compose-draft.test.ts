import type { EmailInThread } from '@ledgerdesk/domain/entities';
import { testItem } from '@ledgerdesk/domain/triage/test-item';
import { describe, expect, it } from 'vitest';
import { replyDraft } from './compose-draft';

const email: EmailInThread = {
  id: 'm1',
  subject: 'Year-end accounts',
  from: { name: 'Alice', address: 'alice@client.com' },
  to: [{ name: 'Me', address: 'me@firm.com' }],
  cc: [{ name: 'Bob', address: 'bob@client.com' }],
  bcc: [],
  receivedDateTime: '2024-05-01T10:00:00Z',
  body: { content: '<p>Hello<br>Line two</p>', contentType: 'html' },
  hasAttachments: false,
  attachments: [],
  isRead: false,
  status: 'available',
};
const item = testItem({ id: 'i1', emailMessageId: 'm1', emailThreadId: 't1', emailIntegrationId: 'int-1' });
const participants = [email.from, ...email.to, ...email.cc, { name: '', address: 'carol@client.com' }];

describe('replyDraft', () => {
  it('replies to the sender with "Re: " and the original quoted', () => {
    const draft = replyDraft({ mode: 'reply', item, email, participants }, 'me@firm.com');
    expect(draft.to).toBe('alice@client.com');
    expect(draft.cc).toBe('');
    expect(draft.subject).toBe('Re: Year-end accounts');
    expect(draft.body).toContain('> Hello\n> Line two');
    expect(draft).toMatchObject({
      triageItemId: 'i1',
      threadId: 't1',
      originalMessageId: 'm1',
      integrationId: 'int-1',
    });
  });

  it('copies the other participants into CC on reply all, never the sender or my own mailbox', () => {
    const draft = replyDraft({ mode: 'replyAll', item, email, participants }, 'ME@firm.com');
    expect(draft.to).toBe('alice@client.com');
    expect(draft.cc).toBe('bob@client.com, carol@client.com');
  });
});
