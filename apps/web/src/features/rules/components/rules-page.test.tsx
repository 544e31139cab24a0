// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { RULES_API, type RuleDto, type RulesResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import { ruleSwitchedOffNotice } from '@ledgerdesk/domain/rules/rule-messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { RulesPage } from './rules-page';

// The Rules screen (decision 025): rules in order with their summary, how often they matched, a switched-off
// rule's notice; reordering sends the new order; firm rules read-only for a member who is not an owner.

const rule = (id: string, name: string, extra: Partial<RuleDto> = {}): RuleDto => ({
  id,
  name,
  scope: 'personal',
  match: 'all',
  conditions: [{ kind: 'from_domain', value: 'bank.test' }],
  actions: [{ kind: 'mark_read' }, { kind: 'clear' }],
  stopHere: false,
  isEnabled: true,
  position: 0,
  version: 1,
  disabledReason: null,
  matchCount: 0,
  lastMatchedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
});

let rules: RulesResponse = { personal: [], firm: [], hasFirm: false, canManageFirmRules: false };
const requests: { method: string; url: string; body: unknown }[] = [];
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      body: body ? JSON.parse(body) : null,
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(rules));
  });
});
servePageOriginForFile(server);
afterEach(async () => {
  await dismissToastsAndCleanup();
  requests.length = 0;
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/rules']}>
        <RulesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RulesPage', () => {
  it('says there are no rules yet', async () => {
    rules = { personal: [], firm: [], hasFirm: false, canManageFirmRules: false };
    renderPage();
    expect(await screen.findByText('No rules yet')).toBeTruthy();
    expect(screen.queryByText('Firm rules')).toBeNull();
  });

  it('lists rules in order with their summary, matches and a switched-off notice, and reorders them', async () => {
    const notice = ruleSwitchedOffNotice('Bank', 'the client it sets no longer exists.');
    rules = {
      personal: [
        rule('a0000000-0000-4000-8000-000000000001', 'Bank', {
          isEnabled: false,
          disabledReason: notice,
          matchCount: 3,
          lastMatchedAt: '2026-11-20T09:00:00.000Z',
        }),
        rule('a0000000-0000-4000-8000-000000000002', 'Tax office', { position: 1 }),
      ],
      firm: [rule('f0000000-0000-4000-8000-000000000001', 'Shared statements', { scope: 'firm' })],
      hasFirm: true,
      canManageFirmRules: false,
    };
    renderPage();
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.getAllByText('from @bank.test → Mark read, Clear & Archive')).toHaveLength(3);
    expect(screen.getByText(/^Matched 3 times, last /)).toBeTruthy();
    expect(screen.getByRole('switch', { name: "Rule 'Bank' on" }).getAttribute('aria-checked')).toBe('false');
    // A member who is not an owner sees the firm's rules but cannot change them.
    expect(screen.getByText('Shared statements')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Edit 'Shared statements'" })).toBeNull();
    expect(screen.getByRole('switch', { name: "Rule 'Shared statements' on" })).toHaveProperty(
      'disabled',
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: "Move 'Tax office' up" }));
    await waitFor(() =>
      expect(requests.find((r) => r.url === RULES_API.reorder)?.body).toEqual({
        scope: 'personal',
        ids: ['a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001'],
      }),
    );
  });
});
