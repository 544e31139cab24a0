// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import type { EmailIntegrationDto, ResetInfoResponse } from '@ledgerdesk/domain/api/integrations';
import { RESET_DIALOG_AUTO_CLOSE_MS } from '@ledgerdesk/domain/constants';
import {
  RESET_CANCEL_LABEL,
  RESET_DIALOG_TITLE,
  RESET_OPEN_BUTTON_LABEL,
  RESET_SELECT_AT_LEAST_ONE,
  RESET_WARNING,
  resetButtonLabel,
  resetSelectionLabel,
} from '@ledgerdesk/domain/integrations/reset-dialog';
import {
  NO_PREVIOUS_RESET,
  RESET_FOLDER_OPTIONS,
  RESET_RUNNING_TEXT,
  resetScopeLabel,
} from '@ledgerdesk/domain/integrations/reset-dialog-content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { EnhancedResetButton } from './enhanced-reset-dialog';

// The Enhanced Reset dialog (spec §2, §4 Reset dialog, §5 Reset): the previous reset's counts from the
// server, the folder count in the selection line and on the button, no reset with no folder, and no closing
// while a reset runs. A loopback server plays the API.

let resetInfo: ResetInfoResponse = { resetInfo: null };
let releaseResync: (() => void) | null = null;
const resyncBodies: unknown[] = [];
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const answer = (value: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.url === '/api/integrations/reset-info') return answer(resetInfo);
    if (request.url === '/api/functions/enhanced-full-resync-emails') {
      resyncBodies.push(JSON.parse(body));
      // Held until the test lets the reset finish.
      releaseResync = () =>
        answer({
          success: true,
          error: null,
          created: 3,
          updated: 2,
          conflicts: 0,
          errors: 0,
          foldersProcessed: { inbox: 3, sent: 2, archive: 0 },
        });
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'NotFound', message: request.url } }));
  });
});

servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  resetInfo = { resetInfo: null };
  releaseResync = null;
  resyncBodies.length = 0;
});

const mailbox = (id: string, isActive: boolean) =>
  ({ id, emailAddress: `${id}@firm.test`, provider: 'office365', isActive }) as EmailIntegrationDto;

function openDialog(integrations = [mailbox('active-1', true)]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EnhancedResetButton integrations={integrations} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: RESET_OPEN_BUTTON_LABEL }));
  return screen.getByRole('dialog', { name: RESET_DIALOG_TITLE });
}

const folderBox = (folder: string) => screen.getByRole('checkbox', { name: new RegExp(`^${folder} `) });
const resetButton = (count: number) =>
  screen.getByRole('button', { name: resetButtonLabel(count) }) as HTMLButtonElement;

describe('EnhancedResetButton', () => {
  it('shows the warning and the previous reset: when, how many items, which folders', async () => {
    resetInfo = {
      resetInfo: {
        lastCompleteResetAt: '2026-11-20T09:00:00.000Z',
        resetScope: { inbox: true, sent: true, archive: false },
        resetItemsCount: 412,
      },
    };
    const dialog = openDialog();
    expect(within(dialog).getByRole('alert').textContent).toBe(RESET_WARNING);
    const card = within(dialog).getByTestId('previous-reset');
    await waitFor(() => expect(within(card).getByTestId('previous-reset-count').textContent).toBe('412'));
    expect(within(card).getByText(resetScopeLabel({ inbox: true, sent: true, archive: false }))).toBeTruthy();
    expect(within(card).getByText('Inbox, Sent Items')).toBeTruthy();
  });

  it('says so when no reset has been run yet', async () => {
    const dialog = openDialog();
    await waitFor(() => expect(within(dialog).getByText(NO_PREVIOUS_RESET)).toBeTruthy());
  });

  it('counts the folders ticked in the selection line and on the button, all three at first', () => {
    openDialog();
    for (const option of RESET_FOLDER_OPTIONS)
      expect(folderBox(option.folder).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText(resetSelectionLabel(3), { exact: false })).toBeTruthy();
    expect(resetButton(3).disabled).toBe(false);

    fireEvent.click(folderBox('Sent Items'));
    expect(screen.getByText(resetSelectionLabel(2), { exact: false })).toBeTruthy();
    expect(resetButton(2).disabled).toBe(false);
  });

  it('cannot reset with no folder ticked, and asks for one', () => {
    openDialog();
    for (const option of RESET_FOLDER_OPTIONS) fireEvent.click(folderBox(option.folder));
    expect(screen.getByText(resetSelectionLabel(0), { exact: false })).toBeTruthy();
    expect(screen.getByText(RESET_SELECT_AT_LEAST_ONE)).toBeTruthy();
    expect(resetButton(0).disabled).toBe(true);

    fireEvent.click(folderBox('Archive'));
    expect(screen.queryByText(RESET_SELECT_AT_LEAST_ONE)).toBeNull();
    expect(resetButton(1).disabled).toBe(false);
  });

  it('closes on Cancel, keeping the data', () => {
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: RESET_CANCEL_LABEL }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(resyncBodies).toEqual([]);
  });

  it('resets the folders ticked of each active mailbox, cannot be closed while running, then closes by itself', async () => {
    const dialog = openDialog([mailbox('active-1', true), mailbox('inactive-1', false)]);
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(folderBox('Archive'));
    fireEvent.click(resetButton(2));

    await waitFor(() => expect(resyncBodies).toHaveLength(1));
    expect(resyncBodies[0]).toMatchObject({
      integrationId: 'active-1',
      resetMode: 'folders',
      includeFolders: { inbox: true, sent: true, archive: false },
    });
    expect(within(dialog).getByRole('status').textContent).toContain(RESET_RUNNING_TEXT);
    expect((screen.getByRole('button', { name: RESET_CANCEL_LABEL }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(resetButton(2).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: RESET_DIALOG_TITLE })).toBe(dialog);

    const finishedAt = Date.now();
    act(() => releaseResync?.());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), {
      timeout: RESET_DIALOG_AUTO_CLOSE_MS * 3,
    });
    expect(Date.now() - finishedAt).toBeGreaterThanOrEqual(RESET_DIALOG_AUTO_CLOSE_MS - 50);
    expect(resyncBodies).toHaveLength(1);
  });
});
