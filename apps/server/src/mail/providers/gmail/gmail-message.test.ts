import type { gmail_v1 } from '@googleapis/gmail';
import { describe, expect, it } from 'vitest';
import { folderFromLabels, toEmailInThread, toSyncedMessage } from './gmail-message';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

const message: gmail_v1.Schema$Message = {
  id: '18c2',
  threadId: '18c0',
  labelIds: ['INBOX', 'UNREAD', 'IMPORTANT'],
  internalDate: String(Date.parse('2025-02-03T09:30:00Z')),
  snippet: 'Hi Alex, the invoice',
  payload: {
    mimeType: 'multipart/mixed',
    headers: [
      { name: 'From', value: '"Client, Dana" <dana@client.test>' },
      { name: 'To', value: 'Alex Morgan <alex@firm.test>' },
      { name: 'Cc', value: 'ops@client.test, "Lee" <lee@client.test>' },
      { name: 'Subject', value: 'Invoice #42 — overdue?' },
      { name: 'Message-ID', value: '<m42@client.test>' },
      { name: 'In-Reply-To', value: '<m41@firm.test>' },
      { name: 'References', value: '<m40@client.test> <m41@firm.test>' },
    ],
    parts: [
      {
        mimeType: 'multipart/related',
        parts: [
          {
            mimeType: 'multipart/alternative',
            parts: [
              {
                mimeType: 'text/plain',
                headers: [{ name: 'Content-Type', value: 'text/plain; charset="UTF-8"' }],
                body: { data: b64('Hi Alex, the invoice is attached. @alex') },
              },
              {
                mimeType: 'text/html',
                body: { data: b64('<p>Hi Alex, the <b>invoice</b> is attached.</p><img src="cid:logo">') },
              },
            ],
          },
          {
            mimeType: 'image/png',
            filename: 'logo.png',
            headers: [
              { name: 'Content-Disposition', value: 'inline; filename="logo.png"' },
              { name: 'Content-ID', value: '<logo>' },
            ],
            body: { attachmentId: 'att-logo', size: 512 },
          },
        ],
      },
      {
        mimeType: 'application/pdf',
        filename: 'invoice-42.pdf',
        headers: [{ name: 'Content-Disposition', value: 'attachment; filename="invoice-42.pdf"' }],
        body: { attachmentId: 'att-pdf', size: 20480 },
      },
    ],
  },
};

describe('Gmail messages', () => {
  it('maps labels to the synced folders (archive = not in Inbox)', () => {
    expect(folderFromLabels(['INBOX', 'SENT'])).toBe('inbox');
    expect(folderFromLabels(['SENT'])).toBe('sent');
    expect(folderFromLabels(['CATEGORY_UPDATES'])).toBe('archive');
    expect(folderFromLabels(['TRASH', 'INBOX'])).toBeNull();
    expect(folderFromLabels(['SPAM'])).toBeNull();
    expect(folderFromLabels(['DRAFT'])).toBeNull();
  });

  it('reads what the sync stores', () => {
    expect(toSyncedMessage(message)).toEqual({
      id: '18c2',
      threadId: '18c0',
      internetMessageId: 'm42@client.test',
      subject: 'Invoice #42 — overdue?',
      from: { name: 'Client, Dana', address: 'dana@client.test' },
      to: [{ name: 'Alex Morgan', address: 'alex@firm.test' }],
      cc: [
        { name: '', address: 'ops@client.test' },
        { name: 'Lee', address: 'lee@client.test' },
      ],
      receivedAt: '2025-02-03T09:30:00.000Z',
      isRead: false,
      folder: 'inbox',
      bodyText: 'Hi Alex, the invoice is attached. @alex',
      hasAttachments: true,
      references: ['m40@client.test', 'm41@firm.test'],
      automation: { listUnsubscribe: null, listId: null, autoSubmitted: null, precedence: null },
    });
  });

  it('reads the email object: HTML body, real attachments only', () => {
    const email = toEmailInThread(message);
    expect(email.body).toEqual({
      contentType: 'html',
      content: '<p>Hi Alex, the <b>invoice</b> is attached.</p><img src="cid:logo">',
    });
    expect(email.attachments).toEqual([{ id: 'att-pdf', name: 'invoice-42.pdf', size: 20480 }]);
    expect(email).toMatchObject({
      isRead: false,
      status: 'available',
      bcc: [],
      receivedDateTime: '2025-02-03T09:30:00.000Z',
    });
    expect(toEmailInThread({ ...message, labelIds: ['TRASH'] }).status).toBe('deleted');
  });
});
