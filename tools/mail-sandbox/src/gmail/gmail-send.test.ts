import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GMAIL_MAILBOX } from '../defaults';
import { createHarness, type Harness } from '../test-support/harness';
import { raw } from '../test-support/rfc822';

let h: Harness;
let token = '';

beforeAll(async () => {
  h = await createHarness();
  token = (await h.connect('gmail')).accessToken;
});
afterAll(() => h.close());

async function original() {
  const [ref] = (
    await h.gmail('GET', '/messages', { token, query: { labelIds: 'INBOX', maxResults: '1' } })
  ).json().messages;
  const message = (
    await h.gmail('GET', `/messages/${ref.id}`, { token, query: { format: 'metadata' } })
  ).json();
  const header = (name: string) =>
    message.payload.headers.find((h: { name: string }) => h.name === name)?.value as string;
  return {
    id: ref.id as string,
    threadId: ref.threadId as string,
    subject: header('Subject'),
    messageId: header('Message-ID'),
  };
}

const send = (body: Record<string, unknown>) => h.gmail('POST', '/messages/send', { token, body });

describe('Gmail messages.send threading', () => {
  it('joins the thread with threadId, a matching In-Reply-To and the same subject', async () => {
    const target = await original();
    const response = await send({
      threadId: target.threadId,
      raw: raw({
        To: 'client@example.test',
        Subject: `Re: ${target.subject.replace(/^re:\s*/i, '')}`,
        'In-Reply-To': target.messageId,
        References: target.messageId,
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ threadId: target.threadId, labelIds: ['SENT'] });
  });

  it('starts a new thread when the subject differs, references are missing or threadId is absent', async () => {
    const target = await original();
    const differentSubject = await send({
      threadId: target.threadId,
      raw: raw({ To: 'client@example.test', Subject: 'Something else', 'In-Reply-To': target.messageId }),
    });
    const noReferences = await send({
      threadId: target.threadId,
      raw: raw({ To: 'client@example.test', Subject: `Re: ${target.subject}` }),
    });
    const noThreadId = await send({
      raw: raw({
        To: 'client@example.test',
        Subject: `Re: ${target.subject}`,
        'In-Reply-To': target.messageId,
      }),
    });
    for (const response of [differentSubject, noReferences, noThreadId]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().threadId).not.toBe(target.threadId);
      expect(response.json().threadId).toBe(response.json().id);
    }
  });

  it('stores the sent message with SENT, its recipients and attachments', async () => {
    const boundary = 'b1';
    const mime = [
      'To: "Okafor, Sarah" <sarah.okafor@brightwater-bakery.test>',
      'Cc: priya.shah@harbourline-gmail.test',
      'Subject: =?UTF-8?B?VkFUIOKAkyBRMw==?=',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/html; charset=UTF-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<p>Figures =E2=80=93 attached.</p>',
      `--${boundary}`,
      'Content-Type: application/pdf; name="q3.pdf"',
      'Content-Disposition: attachment; filename="q3.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('%PDF-1.4 test').toString('base64'),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const sent = (await send({ raw: Buffer.from(mime).toString('base64url') })).json();
    const stored = (await h.gmail('GET', `/messages/${sent.id}`, { token })).json();
    const headers = new Map(
      stored.payload.headers.map((h: { name: string; value: string }) => [h.name, h.value]),
    );
    expect(headers.get('Subject')).toBe('VAT – Q3');
    expect(headers.get('From')).toContain(DEFAULT_GMAIL_MAILBOX);
    expect(headers.get('To')).toContain('sarah.okafor@brightwater-bakery.test');
    const pdf = stored.payload.parts.find((part: { filename: string }) => part.filename === 'q3.pdf');
    expect(pdf.body.size).toBe(13);
    const html = Buffer.from(stored.payload.parts[0].parts[1].body.data, 'base64url').toString('utf8');
    expect(html).toContain('Figures – attached.');
    const summary = (await h.control('GET', `/mailboxes/${DEFAULT_GMAIL_MAILBOX}?limit=1`)).json();
    expect(summary.messages[0]).toMatchObject({ id: sent.id, folder: 'sent' });
  });

  it('requires a raw message', async () => {
    const response = await send({});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
  });
});
