// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { DATABASE_UNAVAILABLE } from '@ledgerdesk/domain/http/api-error';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportDatabaseReachable } from '../../lib/connection-state';
import { createQueryClient } from '../../lib/query-client';
import { servePageOriginForFile } from '../../lib/test-loopback';
import { AuthProvider, useAuth } from './auth-provider';

// A signed-in user who opens the app while the server's database is away waits for it, and is signed in when it
// is back: never shown the sign-in page for an outage.

let outageAnswersLeft = 0;
let sessionAsks = 0;
const statuses: string[] = [];
const server = http.createServer((request, response) => {
  const answer = (status: number, value: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(value));
  };
  if (request.url === '/api/auth/get-session') {
    sessionAsks += 1;
    if (outageAnswersLeft > 0) {
      outageAnswersLeft -= 1;
      // Retry-After 0: the test does not wait the real five seconds between tries.
      return answer(503, { error: DATABASE_UNAVAILABLE }, { 'retry-after': '0' });
    }
    return answer(200, {
      user: { id: 'u1', email: 'ada@firm.test', name: 'Ada', emailVerified: true },
      session: { expiresAt: '2030-01-01T00:00:00.000Z' },
    });
  }
  answer(404, { error: { code: 'not_found', message: 'Not found' } });
});
servePageOriginForFile(server);
afterEach(() => {
  cleanup();
  outageAnswersLeft = 0;
  sessionAsks = 0;
  statuses.length = 0;
  reportDatabaseReachable();
});

function Status() {
  const { status, session } = useAuth();
  statuses.push(status);
  return <p>{status === 'signed-in' ? `Signed in as ${session?.user.email}` : status}</p>;
}

describe('AuthProvider while the database is away', () => {
  it('keeps asking for the session instead of signing the user out, and signs them in once it answers', async () => {
    outageAnswersLeft = 3;
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <Status />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Signed in as ada@firm.test', undefined, { timeout: 5000 })).toBeTruthy();
    expect(sessionAsks).toBe(4);
    expect(statuses).not.toContain('signed-out');
  });
});
