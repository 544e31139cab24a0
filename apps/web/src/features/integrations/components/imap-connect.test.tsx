// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { IMAP_API, IMAP_CONNECT_LABELS } from '@ledgerdesk/domain/api/imap-connect';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { ImapConnectCard } from './imap-connect-card';

// The "Connect other mail (IMAP)" card (decision 023): presets fill the servers, the form says what is wrong with it
// in words, Test connection shows the failed step or the folders found, Connect hands the new mailbox on. A
// loopback server plays the API.

const received: Array<{ url: string; body: Record<string, unknown> }> = [];
const server = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    const url = request.url ?? '';
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    received.push({ url, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (body.password === 'wrong-password')
      return send(422, {
        error: {
          code: 'IMAP_LOGIN_REFUSED',
          message: 'The IMAP server imap.fastmail.com refused the user name or password.',
          step: 'login',
          details: { step: 'login' },
        },
      });
    const folders = { inbox: 'INBOX', sent: 'Sent', archive: null };
    if (url === IMAP_API.test) return send(200, { ok: true, folders });
    if (url === IMAP_API.connect)
      return send(201, {
        integration: { id: 'imap-1', provider: 'imap', emailAddress: body.email },
        folders,
      });
    send(404, { error: { code: 'not_found', message: url } });
  });
});
servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  received.length = 0;
});

function renderCard(onConnected = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ImapConnectCard onConnected={onConnected} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: IMAP_CONNECT_LABELS.card }));
  return onConnected;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('Connect other mail (IMAP)', () => {
  it('fills the servers from the preset of a known address, and from the host picker, still editable', () => {
    renderCard();
    type('Email address', 'alex@icloud.com');
    expect(field('IMAP host').value).toBe('imap.mail.me.com');
    expect(field('IMAP port').value).toBe('993');
    expect(field('IMAP security').value).toBe('tls');
    expect(field('SMTP host').value).toBe('smtp.mail.me.com');
    expect(field('SMTP port').value).toBe('587');
    expect(field('SMTP security').value).toBe('starttls');
    expect(field('Mail host').value).toBe('icloud');
    type('SMTP port', '465');
    expect(field('SMTP port').value).toBe('465');
    expect(field('Mail host').value).toBe('');
    // Edited by hand: typing another address no longer overwrites the servers; the picker still does.
    type('Email address', 'alex@fastmail.com');
    expect(field('IMAP host').value).toBe('imap.mail.me.com');
    fireEvent.change(field('Mail host'), { target: { value: 'fastmail' } });
    expect(field('IMAP host').value).toBe('imap.fastmail.com');
    expect(field('SMTP host').value).toBe('smtp.fastmail.com');
    expect(field('SMTP port').value).toBe('465');
  });

  it('says what is missing or wrong, field by field, and sends nothing', () => {
    renderCard();
    type('Email address', 'not an address');
    type('IMAP port', '99999');
    fireEvent.click(screen.getByRole('button', { name: IMAP_CONNECT_LABELS.test }));
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter the password.')).toBeTruthy();
    expect(screen.getByText('Enter the IMAP server name.')).toBeTruthy();
    expect(screen.getByText('The IMAP port must be between 1 and 65535.')).toBeTruthy();
    expect(field('Email address').getAttribute('aria-invalid')).toBe('true');
    expect(field('Email address').getAttribute('aria-describedby')).toBeTruthy();
    expect(received).toHaveLength(0);
  });

  it('shows which step failed, in words', async () => {
    renderCard();
    type('Email address', 'alex@fastmail.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: IMAP_CONNECT_LABELS.test }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'IMAP login failed: The IMAP server imap.fastmail.com refused the user name or password.',
    );
    expect(received[0]?.body).toMatchObject({
      email: 'alex@fastmail.com',
      imap: { host: 'imap.fastmail.com', port: 993, security: 'tls' },
      smtp: { host: 'smtp.fastmail.com', port: 465, security: 'tls' },
    });
  });

  it('shows the folders found, then Connect hands the new mailbox on and closes the form', async () => {
    const onConnected = renderCard();
    type('Email address', 'alex@fastmail.com');
    type('Password', 'app-password-1');
    fireEvent.click(screen.getByRole('button', { name: IMAP_CONNECT_LABELS.test }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Connected. Inbox and Sent (Sent) found; no Archive folder.');
    fireEvent.click(screen.getByRole('button', { name: IMAP_CONNECT_LABELS.connect }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledTimes(1));
    expect(onConnected.mock.calls[0]?.[0]).toMatchObject({ id: 'imap-1', emailAddress: 'alex@fastmail.com' });
    expect(received.map((call) => call.url)).toEqual([IMAP_API.test, IMAP_API.connect]);
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });
});
