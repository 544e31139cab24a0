// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { DATABASE_UNAVAILABLE } from '@ledgerdesk/domain/http/api-error';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import { reportDatabaseReachable } from '../lib/connection-state';
import { createQueryClient } from '../lib/query-client';
import { servePageOriginForFile } from '../lib/test-loopback';
import { dismissToastsAndCleanup } from '../lib/test-toasts';
import { RECONNECTING_TEXT, ReconnectingStatus } from './reconnecting-status';

// While the server's database is away (503 database_unavailable), the app shows one "Reconnecting…" status and
// keeps asking; once it is back the status goes and the screen's data fills in without a reload.

let isDatabaseDown = false;
let listAsks = 0;
const server = http.createServer((request, response) => {
  const answer = (status: number, value: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(value));
  };
  if (request.url === '/api/health')
    return isDatabaseDown ? answer(503, { ok: false, down: ['database'] }) : answer(200, { ok: true });
  if (request.url === '/api/list') {
    listAsks += 1;
    // Retry-After 0: the test does not wait the real five seconds between tries.
    if (isDatabaseDown) return answer(503, { error: DATABASE_UNAVAILABLE }, { 'retry-after': '0' });
    return answer(200, { items: ['VAT return'] });
  }
  answer(404, { error: { code: 'not_found', message: 'Not found' } });
});
servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  isDatabaseDown = false;
  listAsks = 0;
  reportDatabaseReachable();
});

function List() {
  const list = useQuery({ queryKey: ['list'], queryFn: () => api<{ items: string[] }>('/api/list') });
  return <p>{list.data ? list.data.items.join(', ') : list.isError ? 'Failed' : 'Loading'}</p>;
}

describe('ReconnectingStatus', () => {
  it('shows Reconnecting… while the database is away, keeps retrying past the usual one retry, and fills in after', async () => {
    isDatabaseDown = true;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReconnectingStatus checkEveryMs={100} />
        <List />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveProperty('textContent', RECONNECTING_TEXT);
    await waitFor(() => expect(listAsks).toBeGreaterThan(3), { timeout: 5000 });
    expect(screen.queryByText('Failed')).toBeNull();
    isDatabaseDown = false;
    expect(await screen.findByText('VAT return', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(RECONNECTING_TEXT)).toBeNull());
  });

  it('shows nothing while the database answers', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ReconnectingStatus />
        <List />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('VAT return')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
