// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import { checkedEvery, LIVE_UPDATES_TEXT } from '@ledgerdesk/domain/integrations/live-updates';
import {
  ACCESS_REMOVED_BADGE,
  ACCESS_REMOVED_NOTE,
  ADD_SHARED_MAILBOX_LABEL,
  CHECK_ACCESS_LABEL,
  openedWithLine,
  SHARED_MAILBOX_ADDRESS_LABEL,
  SHARED_MAILBOX_BADGE,
  SHARED_MAILBOX_ERRORS,
} from '@ledgerdesk/domain/integrations/shared-mailbox';
import { CONNECTION_EXPIRED_MESSAGE } from '@ledgerdesk/domain/mail/token-messages';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { AddSharedMailbox } from './add-shared-mailbox';
import { renderIntegrationCard } from './test-integration-card';

// Microsoft 365 shared mailboxes on Email Integration (decision 024): "Add a shared mailbox" asks for an address
// and refuses one that is not; a shared mailbox's card says so and whose sign-in opens it, and when the tenant
// removed that access it shows the state in words with "Check Access Again", which asks the server. A loopback
// server plays the API.

const STILL_REMOVED = SHARED_MAILBOX_ERRORS.stillRemoved('accounts@firm.test');
const checkCalls: string[] = [];
const liveChecks: string[] = [];
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const url = request.url ?? '';
    if (request.method === 'POST' && url.endsWith('/live-updates/check')) {
      liveChecks.push(url);
      const integration = {
        ...sharedMailbox(null),
        push: { state: 'live', reason: null, lastNotificationAt: null },
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ integration }));
      return;
    }
    if (request.method === 'POST' && url.endsWith('/check-access')) {
      checkCalls.push(url);
      response.writeHead(409, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'conflict', message: STILL_REMOVED } }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'NotFound', message: url } }));
  });
});
servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  checkCalls.length = 0;
  liveChecks.length = 0;
});

const now = new Date('2026-11-27T12:00:00Z');
const sharedMailbox = (accessRemovedAt: string | null): EmailIntegrationDto =>
  ({
    id: 'shared-1',
    provider: 'office365',
    emailAddress: 'accounts@firm.test',
    isActive: true,
    tokenExpiresAt: '2026-11-27T13:00:00Z',
    lastSyncAt: '2026-11-27T11:59:00Z',
    scopes: ['Mail.ReadWrite.Shared', 'Mail.Send.Shared'],
    isSandbox: false,
    needsReconnect: accessRemovedAt !== null,
    sharedMailbox: { signedInAs: 'alex@firm.test', accessRemovedAt },
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
    push: { state: 'live', reason: null, lastNotificationAt: null },
  }) as EmailIntegrationDto;

const renderCard = (integration: EmailIntegrationDto) => renderIntegrationCard(integration, now);

describe('Add a shared mailbox', () => {
  it('asks for the address, refuses one that is not an address in words, and passes a good one on', () => {
    const onAdd = vi.fn();
    const { rerender } = render(
      <AddSharedMailbox isConnecting={false} isDisabled={false} onAdd={onAdd} connectedAddresses={[]} />,
    );
    fireEvent.click(screen.getByRole('button', { name: ADD_SHARED_MAILBOX_LABEL }));
    const input = screen.getByLabelText(SHARED_MAILBOX_ADDRESS_LABEL);
    fireEvent.change(input, { target: { value: 'accounts at firm' } });
    fireEvent.click(screen.getByRole('button', { name: ADD_SHARED_MAILBOX_LABEL }));
    expect(screen.getByRole('alert').textContent).toBe(SHARED_MAILBOX_ERRORS.notAnAddress);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onAdd).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '  accounts@firm.test ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(onAdd).toHaveBeenCalledWith('accounts@firm.test');
    expect(screen.queryByRole('alert')).toBeNull();

    // Another shared mailbox appearing leaves it open; the one asked for closes it and clears the address.
    rerender(
      <AddSharedMailbox
        isConnecting={false}
        isDisabled={false}
        onAdd={onAdd}
        connectedAddresses={['info@firm.test']}
      />,
    );
    expect(screen.getByLabelText(SHARED_MAILBOX_ADDRESS_LABEL)).toBeTruthy();
    rerender(
      <AddSharedMailbox
        isConnecting={false}
        isDisabled={false}
        onAdd={onAdd}
        connectedAddresses={['info@firm.test', 'accounts@firm.test']}
      />,
    );
    expect(screen.queryByLabelText(SHARED_MAILBOX_ADDRESS_LABEL)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: ADD_SHARED_MAILBOX_LABEL }));
    expect((screen.getByLabelText(SHARED_MAILBOX_ADDRESS_LABEL) as HTMLInputElement).value).toBe('');
  });
});

describe('A shared mailbox card', () => {
  it('says it is a shared mailbox and whose sign-in opens it', () => {
    const card = renderCard(sharedMailbox(null));
    expect(within(card).getByText(SHARED_MAILBOX_BADGE)).toBeTruthy();
    expect(within(card).getByText(openedWithLine('alex@firm.test'))).toBeTruthy();
    expect(within(card).queryByText(ACCESS_REMOVED_NOTE)).toBeNull();
    expect(within(card).queryByRole('button', { name: /Check Access Again/ })).toBeNull();
  });

  it('shows access removed as a state with Check Access Again, which asks the server and reports its words', async () => {
    const card = renderCard(sharedMailbox('2026-11-27T11:58:00Z'));
    expect(within(card).getByText(ACCESS_REMOVED_BADGE)).toBeTruthy();
    expect(within(card).getByText(ACCESS_REMOVED_NOTE)).toBeTruthy();
    // Not the expired-token words: the sign-in works, the tenant took the mailbox away.
    expect(within(card).queryByText(CONNECTION_EXPIRED_MESSAGE)).toBeNull();
    fireEvent.click(
      within(card).getByRole('button', { name: `${CHECK_ACCESS_LABEL} for accounts@firm.test` }),
    );
    await waitFor(() => expect(checkCalls).toEqual(['/api/integrations/shared-1/check-access']));
    expect(await screen.findByText(STILL_REMOVED)).toBeTruthy();
  });

  it('says how often a shared mailbox without admin consent is checked, with Check again, which asks the server', async () => {
    renderCard({
      ...sharedMailbox(null),
      push: {
        state: 'polling',
        reason: LIVE_UPDATES_TEXT.sharedNeedsConsent,
        lastNotificationAt: null,
        pollSeconds: 15,
        needsAdminConsent: true,
      },
    });
    const line = screen.getByTestId('live-updates');
    expect(line.textContent).toBe(
      "Checked every 15 seconds — live updates for shared mailboxes need your Microsoft 365 admin's consent",
    );
    expect(line.textContent).toContain(checkedEvery(15));
    fireEvent.click(
      screen.getByRole('button', { name: /Check again for live updates of accounts@firm\.test/ }),
    );
    await waitFor(() => expect(liveChecks).toEqual(['/api/integrations/shared-1/live-updates/check']));
    expect(await screen.findByText('Live Updates On')).toBeTruthy();
  });
});
