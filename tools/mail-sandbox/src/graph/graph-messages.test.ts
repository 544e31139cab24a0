import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE365_MAILBOX } from '../defaults';
import { createHarness, type Harness } from '../test-support/harness';

let h: Harness;
let token = '';
const IMMUTABLE = { prefer: 'IdType="ImmutableId"' };

beforeAll(async () => {
  h = await createHarness();
  token = (await h.connect('office365')).accessToken;
});
afterAll(() => h.close());

async function firstInbox(headers: Record<string, string> = {}, filter?: string) {
  const query: Record<string, string> = { $top: '50' };
  if (filter) query.$filter = filter;
  const list = await h.graph('GET', '/me/mailFolders/inbox/messages', { token, headers, query });
  return list.json().value as {
    id: string;
    subject: string;
    conversationId: string;
    hasAttachments: boolean;
  }[];
}

describe('Graph messages', () => {
  it('returns the real message fields, honouring $select and $expand=attachments', async () => {
    const [message] = await firstInbox();
    const full = (await h.graph('GET', `/me/messages/${message?.id}`, { token })).json();
    for (const field of [
      'id',
      'conversationId',
      'internetMessageId',
      'subject',
      'bodyPreview',
      'body',
      'from',
      'sender',
      'toRecipients',
      'ccRecipients',
      'bccRecipients',
      'receivedDateTime',
      'sentDateTime',
      'hasAttachments',
      'isRead',
      'parentFolderId',
    ]) {
      expect(full).toHaveProperty(field);
    }
    expect(['html', 'text']).toContain(full.body.contentType);
    expect(full.from.emailAddress.address).toContain('@');
    expect(full).not.toHaveProperty('internetMessageHeaders');

    const selected = (
      await h.graph('GET', `/me/messages/${message?.id}`, {
        token,
        query: { $select: 'subject,internetMessageHeaders' },
      })
    ).json();
    expect(Object.keys(selected).sort()).toEqual(['@odata.etag', 'id', 'internetMessageHeaders', 'subject']);
    expect(
      selected.internetMessageHeaders.some((header: { name: string }) => header.name === 'Message-ID'),
    ).toBe(true);

    const withFiles = (await firstInbox({}, 'hasAttachments eq true'))[0];
    const expanded = (
      await h.graph('GET', `/me/messages/${withFiles?.id}`, { token, query: { $expand: 'attachments' } })
    ).json();
    const file = expanded.attachments.find((a: { isInline: boolean }) => !a.isInline);
    expect(file).toMatchObject({ '@odata.type': '#microsoft.graph.fileAttachment', isInline: false });
    expect(file.size).toBeGreaterThan(10_000);
    expect(Buffer.from(file.contentBytes, 'base64').length).toBe(file.size);
    const listed = (
      await h.graph('GET', `/me/messages/${withFiles?.id}/attachments`, {
        token,
        query: { $select: 'name,size' },
      })
    ).json();
    expect(listed.value[0]).not.toHaveProperty('contentBytes');
  });

  it('serves one attachment, its raw $value, and 404 ErrorItemNotFound for an unknown attachment', async () => {
    const withFiles = (await firstInbox({}, 'hasAttachments eq true'))[0];
    const listed = (await h.graph('GET', `/me/messages/${withFiles?.id}/attachments`, { token })).json();
    const file = listed.value.find((a: { isInline: boolean }) => !a.isInline);
    const one = await h.graph('GET', `/me/messages/${withFiles?.id}/attachments/${file.id}`, {
      token,
      query: { $select: 'name,size' },
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: file.id, name: file.name, size: file.size });
    expect(one.json()).not.toHaveProperty('contentBytes');
    const raw = await h.graph('GET', `/me/messages/${withFiles?.id}/attachments/${file.id}/$value`, {
      token,
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain(file.contentType);
    expect(raw.rawPayload.equals(Buffer.from(file.contentBytes, 'base64'))).toBe(true);
    for (const path of ['', '/$value']) {
      const missing = await h.graph('GET', `/me/messages/${withFiles?.id}/attachments/AAMkADnone=${path}`, {
        token,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('ErrorItemNotFound');
    }
  });

  it('answers 404 ErrorItemNotFound for an unknown message', async () => {
    const response = await h.graph('GET', '/me/messages/AAMkADunknown=', { token });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: 'ErrorItemNotFound',
      message: 'The specified object was not found in the store.',
    });
  });

  it('marks read with PATCH', async () => {
    const [message] = await firstInbox({}, 'isRead eq false');
    const patched = await h.graph('PATCH', `/me/messages/${message?.id}`, { token, body: { isRead: true } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().isRead).toBe(true);
  });

  it('gives a moved message a new id, unless ImmutableId is preferred', async () => {
    const [plain] = await firstInbox();
    const moved = await h.graph('POST', `/me/messages/${plain?.id}/move`, {
      token,
      body: { destinationId: 'archive' },
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.json().id).not.toBe(plain?.id);
    expect((await h.graph('GET', `/me/messages/${plain?.id}`, { token })).statusCode).toBe(404);
    const archive = (await h.graph('GET', '/me/mailFolders/archive', { token })).json();
    expect(moved.json().parentFolderId).toBe(archive.id);

    const [stable] = await firstInbox(IMMUTABLE);
    const movedStable = await h.graph('POST', `/me/messages/${stable?.id}/move`, {
      token,
      headers: IMMUTABLE,
      body: { destinationId: archive.id },
    });
    expect(movedStable.json().id).toBe(stable?.id);
    expect(movedStable.headers['preference-applied']).toContain('ImmutableId');
    const back = await h.graph('POST', `/me/messages/${stable?.id}/move`, {
      token,
      headers: IMMUTABLE,
      body: { destinationId: 'inbox' },
    });
    expect(back.json().id).toBe(stable?.id);
  });

  it('sends mail (202) into Sent Items and replies in the same conversation with RE:', async () => {
    const before = (await h.graph('GET', '/me/mailFolders/sentitems', { token })).json().totalItemCount;
    const sent = await h.graph('POST', '/me/sendMail', {
      token,
      body: {
        message: {
          subject: 'Quarterly VAT figures',
          body: { contentType: 'HTML', content: '<p>Figures attached.</p>' },
          toRecipients: [
            { emailAddress: { address: 'sarah.okafor@brightwater-bakery.test', name: 'Sarah Okafor' } },
          ],
          ccRecipients: [],
          internetMessageHeaders: [{ name: 'X-Ledgerdesk-Item', value: '42' }],
        },
        saveToSentItems: true,
      },
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.body).toBe('');
    const after = (await h.graph('GET', '/me/mailFolders/sentitems', { token })).json().totalItemCount;
    expect(after).toBe(before + 1);
    const [stored] = (
      await h.graph('GET', '/me/mailFolders/sentitems/messages', {
        token,
        query: { $top: '1', $select: 'subject,internetMessageHeaders' },
      })
    ).json().value;
    expect(stored.subject).toBe('Quarterly VAT figures');
    expect(stored.internetMessageHeaders).toContainEqual({ name: 'X-Ledgerdesk-Item', value: '42' });

    const [original] = await firstInbox();
    const reply = await h.graph('POST', `/me/messages/${original?.id}/replyAll`, {
      token,
      body: { comment: 'Thanks, on it.' },
    });
    expect(reply.statusCode).toBe(202);
    const sentItems = (
      await h.graph('GET', '/me/mailFolders/sentitems/messages', { token, query: { $top: '1' } })
    ).json().value;
    expect(sentItems[0].conversationId).toBe(original?.conversationId);
    expect(sentItems[0].subject).toBe(
      /^re:/i.test(original?.subject ?? '') ? original?.subject : `RE: ${original?.subject}`,
    );
    expect(sentItems[0].body.content).toContain('Thanks, on it.');
  });

  it('keeps a single-value extended property on the sent copy and finds it with the documented Any filter', async () => {
    const id = 'String {bd4456b7-23fe-4cc5-b24e-f357f96cc82b} Name LedgerdeskSendId';
    const send = (value: string, propertyId = id) =>
      h.graph('POST', '/me/sendMail', {
        token,
        body: {
          message: {
            subject: `Identity ${value}`,
            toRecipients: [{ emailAddress: { address: 'a@b.test' } }],
            singleValueExtendedProperties: [{ id: propertyId, value }],
          },
        },
      });
    expect((await send('first-send')).statusCode).toBe(202);
    expect((await send('second-send')).statusCode).toBe(202);
    const find = (filterId: string, value: string) =>
      h.graph('GET', '/me/mailFolders/sentitems/messages', {
        token,
        query: {
          $filter: `singleValueExtendedProperties/Any(ep: ep/id eq '${filterId}' and ep/value eq '${value}')`,
          $select: 'subject',
        },
      });
    const found = await find(id, 'FIRST-SEND');
    expect(found.statusCode).toBe(200);
    // The value compares case-insensitively; the GUID too, the Name not (singlevaluelegacyextendedproperty-get).
    expect(found.json().value.map((m: { subject: string }) => m.subject)).toEqual(['Identity first-send']);
    expect(
      (
        await find(id.toUpperCase().replace('NAME LEDGERDESKSENDID', 'Name LedgerdeskSendId'), 'first-send')
      ).json().value,
    ).toHaveLength(1);
    expect(
      (await find(id.replace('LedgerdeskSendId', 'ledgerdesksendid'), 'first-send')).json().value,
    ).toHaveLength(0);
    expect((await find(id, 'never-sent')).json().value).toHaveLength(0);
    expect((await find('not an id', 'first-send')).statusCode).toBe(400);
    expect((await send('x', 'LedgerdeskSendId')).statusCode).toBe(400);
  });

  it('rejects standard headers in internetMessageHeaders and empty recipient lists', async () => {
    const headers = await h.graph('POST', '/me/sendMail', {
      token,
      body: {
        message: {
          subject: 'x',
          toRecipients: [{ emailAddress: { address: 'a@b.test' } }],
          internetMessageHeaders: [{ name: 'In-Reply-To', value: '<a@b>' }],
        },
      },
    });
    expect(headers.statusCode).toBe(400);
    expect(headers.json().error.code).toBe('InvalidInternetMessageHeader');
    const empty = await h.graph('POST', '/me/sendMail', { token, body: { message: { subject: 'x' } } });
    expect(empty.statusCode).toBe(400);
  });

  it('executes $batch steps against the same handlers', async () => {
    const [a, b] = await firstInbox();
    const response = await h.graph('POST', '/$batch', {
      token,
      body: {
        requests: [
          { id: '1', method: 'GET', url: `/me/messages/${a?.id}?$select=subject` },
          {
            id: '2',
            method: 'PATCH',
            url: `/me/messages/${b?.id}`,
            headers: { 'Content-Type': 'application/json' },
            body: { isRead: true },
          },
          { id: '3', method: 'GET', url: '/me/messages/AAMkADnope=' },
          { id: '4', method: 'GET', url: 'me/mailFolders/inbox' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const responses = response.json().responses as {
      id: string;
      status: number;
      body: Record<string, unknown>;
    }[];
    expect(responses.map((r) => [r.id, r.status])).toEqual([
      ['1', 200],
      ['2', 200],
      ['3', 404],
      ['4', 200],
    ]);
    expect(responses[0]?.body.subject).toBe(a?.subject);
    expect(responses[1]?.body.isRead).toBe(true);
    expect(responses[2]?.body.error).toMatchObject({ code: 'ErrorItemNotFound' });

    const tooMany = await h.graph('POST', '/$batch', {
      token,
      body: {
        requests: Array.from({ length: 21 }, (_, i) => ({ id: String(i), method: 'GET', url: '/me' })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers 404 ErrorItemNotFound for the archive folder of a mailbox without one', async () => {
    await h.control('POST', '/mailboxes', {
      address: 'no.archive@example.test',
      provider: 'office365',
      messages: 20,
      archiveFolder: false,
    });
    const { accessToken } = await h.connect('office365', { mailbox: 'no.archive@example.test' });
    const archive = await h.graph('GET', '/me/mailFolders/archive', { token: accessToken });
    expect(archive.statusCode).toBe(404);
    expect(archive.json().error.code).toBe('ErrorItemNotFound');
    const inbox = await h.graph('GET', '/me/mailFolders/inbox', { token: accessToken });
    expect(inbox.json()).toMatchObject({ displayName: 'Inbox' });
    const folders = (await h.graph('GET', '/me/mailFolders', { token: accessToken })).json().value;
    expect(folders.map((folder: { displayName: string }) => folder.displayName)).not.toContain('Archive');
  });

  it('identifies the user with /me', async () => {
    const me = (await h.graph('GET', '/me', { token })).json();
    expect(me).toMatchObject({
      mail: DEFAULT_OFFICE365_MAILBOX,
      userPrincipalName: DEFAULT_OFFICE365_MAILBOX,
      displayName: 'Alex Morgan',
    });
    expect(typeof me.id).toBe('string');
    const missing = await h.graph('GET', '/me');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.code).toBe('InvalidAuthenticationToken');
  });
});
