// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { OUTGOING_ALREADY_SENT, UNDO_SEND_TOO_LATE } from '@ledgerdesk/domain/api/outgoing-endpoints';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { type ComposeDraft, newDraft } from './compose-draft';
import { showEmailSentToast, showSendFailedToast } from './send-toasts';

// "Email Sent" with Undo (undo send, decision 010), against a loopback server playing the cancel API's part.

type Answer = { status: number; body: unknown };
let nextAnswer: Answer = { status: 200, body: {} };
const requests: { method: string; url: string }[] = [];
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    requests.push({ method: request.method ?? '', url: request.url ?? '' });
    response.writeHead(nextAnswer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(nextAnswer.body));
  });
});

servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  requests.length = 0;
});

const OUTGOING_ID = '6f1c2f3e-1111-4222-8333-944455556666';
const sentDraft: ComposeDraft = {
  ...newDraft(),
  mode: 'reply',
  to: 'dana@client.test',
  cc: '',
  subject: 'Re: VAT return',
  body: 'Thanks, confirmed.',
  triageItemId: 'item-1',
  threadId: 'thread-1',
  originalMessageId: 'message-1',
  integrationId: 'integration-1',
  replyingTo: 'Dana Client <dana@client.test>',
};
const held = {
  success: true as const,
  sentFrom: 'me@firm.test',
  outgoingId: OUTGOING_ID,
  sendAt: new Date(Date.now() + 5000).toISOString(),
};

describe('the Email Sent toast of undo send', () => {
  it('offers an Undo button that takes the message back and reopens the compose dialog with it', async () => {
    render(<Toaster />);
    nextAnswer = {
      status: 200,
      body: {
        mail: {
          integrationId: 'integration-1',
          to: ['dana@client.test'],
          cc: ['pat@client.test'],
          subject: 'Re: VAT return',
          body: 'Thanks, confirmed.',
          replyType: 'reply',
          triageItemId: 'item-1',
          threadId: 'thread-1',
          originalMessageId: 'message-1',
        },
      },
    };
    const reopen = vi.fn();
    act(() => showEmailSentToast(held, sentDraft, reopen));
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    const undo = await screen.findByRole('button', { name: 'Undo' });
    undo.focus();
    expect(document.activeElement).toBe(undo);
    act(() => undo.click());
    await waitFor(() => expect(reopen).toHaveBeenCalledTimes(1));
    expect(requests).toEqual([{ method: 'POST', url: `/api/outgoing/${OUTGOING_ID}/cancel` }]);
    expect(reopen.mock.calls[0]?.[0]).toEqual({ ...sentDraft, cc: 'pat@client.test' });
  });

  it('says so when Undo comes too late, and reopens nothing', async () => {
    render(<Toaster />);
    nextAnswer = { status: 409, body: { error: { code: 'conflict', message: OUTGOING_ALREADY_SENT } } };
    const reopen = vi.fn();
    act(() => showEmailSentToast(held, sentDraft, reopen));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    act(() => undo.click());
    expect(await screen.findByText(UNDO_SEND_TOO_LATE.title)).toBeTruthy();
    expect(screen.getByText(OUTGOING_ALREADY_SENT)).toBeTruthy();
    expect(reopen).not.toHaveBeenCalled();
  });

  it('offers no Undo for a message sent at once', async () => {
    render(<Toaster />);
    act(() => showEmailSentToast({ success: true, sentFrom: 'me@firm.test' }, sentDraft, vi.fn()));
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('a send that failed for good shows the spec text with Edit, which takes the message back', async () => {
    render(<Toaster />);
    nextAnswer = {
      status: 200,
      body: {
        mail: {
          integrationId: 'integration-1',
          to: ['dana@client.test'],
          cc: [],
          subject: 'Engagement letter',
          body: 'Attached.',
          replyType: 'new',
          triageItemId: null,
          threadId: null,
          originalMessageId: null,
        },
      },
    };
    const reopen = vi.fn();
    act(() =>
      showSendFailedToast(
        {
          kind: 'send-failed',
          title: 'Token Refresh Failed',
          description: 'Reconnect.',
          outgoingId: OUTGOING_ID,
        },
        reopen,
      ),
    );
    expect(await screen.findByText('Token Refresh Failed')).toBeTruthy();
    const edit = await screen.findByRole('button', { name: 'Edit' });
    act(() => edit.click());
    await waitFor(() => expect(reopen).toHaveBeenCalledTimes(1));
    expect(requests).toEqual([{ method: 'POST', url: `/api/outgoing/${OUTGOING_ID}/cancel` }]);
    expect(reopen.mock.calls[0]?.[0]).toMatchObject({
      mode: 'new',
      to: 'dana@client.test',
      subject: 'Engagement letter',
      body: 'Attached.',
      integrationId: 'integration-1',
    });
  });
});
