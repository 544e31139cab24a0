// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { IMAP_CONNECT_LABELS } from '@ledgerdesk/domain/api/imap-connect';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { renderIntegrationCard } from './test-integration-card';

// An IMAP mailbox whose server refused its password shows it as a state with "Update password" (the IMAP form of
// an expired token); the new password is tested by the server before it is saved, and a refusal is shown in
// words. Its card shows its server and offers no token Refresh. A loopback server plays the API.

const received: Array<{ url: string; body: Record<string, unknown> }> = [];
const server = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => {
    text += chunk;
  });
  request.on('end', () => {
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    received.push({ url: request.url ?? '', body });
    response.writeHead(body.password === 'right-one' ? 200 : 422, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        body.password === 'right-one'
          ? { integration: { ...mailbox(false) }, folders: { inbox: 'INBOX', sent: null, archive: null } }
          : {
              error: {
                code: 'IMAP_LOGIN_REFUSED',
                message: 'The IMAP server imap.fastmail.com refused the user name or password.',
                step: 'login',
                details: { step: 'login' },
              },
            },
      ),
    );
  });
});
servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  received.length = 0;
});

const now = new Date('2026-11-27T12:00:00Z');
function mailbox(needsReconnect: boolean): EmailIntegrationDto {
  return {
    id: 'imap-1',
    provider: 'imap',
    emailAddress: 'alex@fastmail.com',
    isActive: true,
    tokenExpiresAt: null,
    lastSyncAt: '2026-11-27T11:50:00Z',
    scopes: null,
    isSandbox: false,
    needsReconnect,
    sharedMailbox: null,
    metadata: {},
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-27T11:59:00Z',
    verification: {
      state: 'never',
      verifiedAt: null,
      messageCount: null,
      missingCount: null,
      extraCount: null,
      error: null,
    },
    push: {
      state: 'polling',
      reason: 'This mail provider does not offer live updates.',
      lastNotificationAt: null,
    },
    imap: { host: 'imap.fastmail.com' },
  } as EmailIntegrationDto;
}

const renderCard = (integration: EmailIntegrationDto) => renderIntegrationCard(integration, now);

describe('an IMAP mailbox on Email Integration', () => {
  it('shows its server, and no token Refresh or password prompt while the password works', () => {
    const card = renderCard(mailbox(false));
    expect(card.textContent).toContain('IMAP · imap.fastmail.com');
    expect(within(card).queryByRole('button', { name: /Refresh/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: IMAP_CONNECT_LABELS.updatePassword })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Disconnect alex@fastmail.com' })).toBeTruthy();
  });

  it('a refused password is a state with Update password; a wrong new one is refused in words, a right one saved', async () => {
    const card = renderCard(mailbox(true));
    expect(within(card).getByRole('note').textContent).toBe(IMAP_CONNECT_LABELS.passwordRefused);
    fireEvent.click(within(card).getByRole('button', { name: IMAP_CONNECT_LABELS.updatePassword }));
    const input = within(card).getByLabelText('New password for alex@fastmail.com');
    fireEvent.click(within(card).getByRole('button', { name: 'Test and save' }));
    expect(within(card).getByText('Enter the password.')).toBeTruthy();
    const passwordCalls = () => received.filter((call) => call.url.endsWith('/imap-password'));
    expect(passwordCalls()).toHaveLength(0);

    fireEvent.change(input, { target: { value: 'still-wrong' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Test and save' }));
    await waitFor(() =>
      expect(
        within(card).getByText(
          'IMAP login failed: The IMAP server imap.fastmail.com refused the user name or password.',
        ),
      ).toBeTruthy(),
    );
    fireEvent.change(input, { target: { value: 'right-one' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Test and save' }));
    await waitFor(() =>
      expect(within(card).queryByLabelText('New password for alex@fastmail.com')).toBeNull(),
    );
    expect(passwordCalls().map((call) => [call.url, call.body])).toEqual([
      ['/api/integrations/imap-1/imap-password', { password: 'still-wrong' }],
      ['/api/integrations/imap-1/imap-password', { password: 'right-one' }],
    ]);
  });
});
