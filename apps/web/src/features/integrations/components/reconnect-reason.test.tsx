// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';
import {
  CONNECTION_EXPIRED_MESSAGE,
  SIGN_IN_STEP_REQUIRED_MESSAGE,
} from '@ledgerdesk/domain/mail/token-messages';
import { within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { renderIntegrationCard } from './test-integration-card';

// A mailbox whose token refresh needs the user (an MFA step-up, consent withdrawn): the card says why.
// The card's own queries reach a loopback server that knows nothing.
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'NotFound', message: request.url ?? '' } }));
  });
});
servePageOriginForFile(server);
afterEach(dismissToastsAndCleanup);

const now = new Date('2026-11-29T12:00:00Z');
const mailbox = (metadata: Record<string, unknown>): EmailIntegrationDto =>
  ({
    id: 'box-1',
    provider: 'office365',
    emailAddress: 'alex@firm.test',
    isActive: true,
    tokenExpiresAt: '2026-11-29T11:00:00Z',
    lastSyncAt: '2026-11-29T10:59:00Z',
    scopes: ['Mail.Read', 'Mail.ReadWrite', 'Mail.Send'],
    isSandbox: false,
    needsReconnect: true,
    sharedMailbox: null,
    metadata,
    createdAt: '2026-11-20T09:00:00Z',
    updatedAt: '2026-11-29T10:59:00Z',
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

describe('Reconnect needed, with the reason', () => {
  it('shows why the mailbox needs reconnecting when the refresh said so, else the expired-connection text', () => {
    const card = renderIntegrationCard(mailbox({ reconnect_reason: SIGN_IN_STEP_REQUIRED_MESSAGE }), now);
    expect(within(card).getByText(SIGN_IN_STEP_REQUIRED_MESSAGE)).toBeTruthy();
    expect(within(card).queryByText(CONNECTION_EXPIRED_MESSAGE)).toBeNull();
  });

  it('falls back to the expired-connection text without a reason', () => {
    const card = renderIntegrationCard(mailbox({}), now);
    expect(within(card).getByText(CONNECTION_EXPIRED_MESSAGE)).toBeTruthy();
  });
});
