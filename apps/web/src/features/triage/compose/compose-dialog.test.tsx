// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { FIRM_API } from '@ledgerdesk/domain/api/firms-endpoints';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { DATABASE_UNAVAILABLE } from '@ledgerdesk/domain/http/api-error';
import {
  COMPOSE_DIALOG_TITLE,
  MISSING_RECIPIENT,
  MISSING_SUBJECT,
  NO_EMAIL_ACCOUNT_CONNECTED,
  OFFICE365_ACCOUNT_REQUIRED,
} from '@ledgerdesk/domain/triage/validate-compose';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECONNECTING_TEXT, ReconnectingStatus } from '../../../components/reconnecting-status';
import { reportDatabaseReachable } from '../../../lib/connection-state';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { ComposeDialog } from './compose-dialog';
import { newDraft } from './compose-draft';

// "Compose Email" checks a message before sending it (spec §5): a connected, active account, a recipient and a
// subject (each non-blank after trimming), with the spec's own texts; a valid message goes out with its
// recipients split and its subject trimmed. A loopback server plays the API.

let mailboxes: Partial<EmailIntegrationDto>[] = [];
/** The API's database is unreachable: sends and health checks answer 503 (as the server does then). */
let isDatabaseDown = false;
const sent: { to: string[]; cc: string[]; subject: string; body: string; integrationId: string | null }[] =
  [];
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const answer = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.url === '/api/health')
      return isDatabaseDown ? answer(503, { ok: false, down: ['database'] }) : answer(200, { ok: true });
    if (request.url === '/api/integrations') return answer(200, { integrations: mailboxes });
    // No firm (no shared mailbox to reply from); a profile with its time zone already saved.
    if (request.url === FIRM_API.firm) return answer(200, { firm: null });
    if (request.url === '/api/profile') return answer(200, { profile: { id: 'user-1', timeZone: 'UTC' } });
    if (request.method === 'POST' && request.url === '/api/functions/send-office365-email') {
      if (isDatabaseDown) {
        response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
        return response.end(JSON.stringify({ error: DATABASE_UNAVAILABLE }));
      }
      sent.push(JSON.parse(body));
      return answer(200, { success: true, sentFrom: 'me@firm.test' });
    }
    answer(404, { error: { code: 'NotFound', message: 'Not found' } });
  });
});

servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  mailboxes = [];
  sent.length = 0;
  isDatabaseDown = false;
  reportDatabaseReachable();
});

const office365 = (isActive: boolean): Partial<EmailIntegrationDto> => ({
  id: 'integration-1',
  provider: 'office365',
  emailAddress: 'me@firm.test',
  isActive,
});

async function openCompose() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <ReconnectingStatus checkEveryMs={100} />
      <ComposeDialog isOpen draft={newDraft()} onClose={onClose} onReopen={() => undefined} />
    </QueryClientProvider>,
  );
  const from = screen.getByLabelText('From') as HTMLInputElement;
  await waitFor(() => expect(from.value).not.toBe('Loading…'));
  return { onClose, from };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const sendButton = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;

async function expectToast(message: { title: string; description: string }) {
  expect(await screen.findByText(message.title)).toBeTruthy();
  expect(screen.getByText(message.description)).toBeTruthy();
}

describe('ComposeDialog', () => {
  it('asks for a recipient when To is empty or blank, and sends nothing', async () => {
    mailboxes = [office365(true)];
    await openCompose();
    expect(screen.getByRole('dialog', { name: COMPOSE_DIALOG_TITLE })).toBeTruthy();
    type('Subject', 'VAT return');
    type('To', '   ');
    fireEvent.click(sendButton());
    await expectToast(MISSING_RECIPIENT);
    expect(sent).toEqual([]);
  });

  it('asks for a subject when it is blank, the recipient given', async () => {
    mailboxes = [office365(true)];
    await openCompose();
    type('To', 'dana@client.test');
    type('Subject', '  ');
    fireEvent.click(sendButton());
    await expectToast(MISSING_SUBJECT);
    expect(screen.queryByText(MISSING_RECIPIENT.title)).toBeNull();
    expect(sent).toEqual([]);
  });

  it('with no account connected says so in From, offers no Send, and Ctrl+Enter says why', async () => {
    const { from } = await openCompose();
    expect(from.value).toBe('No email account connected');
    expect(from.readOnly).toBe(true);
    expect(sendButton().disabled).toBe(true);
    type('To', 'dana@client.test');
    type('Subject', 'VAT return');
    fireEvent.keyDown(field('Subject'), { key: 'Enter', ctrlKey: true });
    await expectToast(NO_EMAIL_ACCOUNT_CONNECTED);
    expect(sent).toEqual([]);
  });

  it('with an inactive account shows it as such and asks for it to be reactivated', async () => {
    mailboxes = [office365(false)];
    const { from } = await openCompose();
    expect(from.value).toBe('me@firm.test (inactive)');
    type('To', 'dana@client.test');
    type('Subject', 'VAT return');
    fireEvent.click(sendButton());
    await expectToast(OFFICE365_ACCOUNT_REQUIRED);
    expect(sent).toEqual([]);
  });

  it('sends a valid message with each recipient apart and the subject trimmed, then closes', async () => {
    mailboxes = [office365(true)];
    const { onClose, from } = await openCompose();
    expect(from.value).toBe('me@firm.test');
    type('To', 'dana@client.test; lee@client.test, ');
    type('CC', ' partner@firm.test ');
    type('Subject', '  VAT return  ');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Figures attached.' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: ['dana@client.test', 'lee@client.test'],
      cc: ['partner@firm.test'],
      subject: 'VAT return',
      body: 'Figures attached.',
      integrationId: 'integration-1',
    });
    for (const message of [MISSING_RECIPIENT, MISSING_SUBJECT, NO_EMAIL_ACCOUNT_CONNECTED])
      expect(screen.queryByText(message.title)).toBeNull();
  });

  it('keeps what was typed when a send meets the database away, says Reconnecting… once, and sends once it is back', async () => {
    mailboxes = [office365(true)];
    const { onClose } = await openCompose();
    type('To', 'dana@client.test');
    type('Subject', 'VAT return');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Figures attached.' } });
    isDatabaseDown = true;
    fireEvent.click(sendButton());
    expect(await screen.findByText(RECONNECTING_TEXT)).toBeTruthy();
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
    expect(field('To').value).toBe('dana@client.test');
    expect(field('Subject').value).toBe('VAT return');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Figures attached.');
    // The status is the one word about it: no error toast on top.
    expect(document.querySelector('[data-sonner-toast][data-type="error"]')).toBeNull();
    isDatabaseDown = false;
    await waitFor(() => expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull(), { timeout: 3000 });
    fireEvent.click(sendButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
  });
});
