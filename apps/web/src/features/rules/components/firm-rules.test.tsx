// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { RULES_API, type RuleDto, type RulesResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { FirmRules } from './firm-rules';
import { RulesPage } from './rules-page';

// Firm rules on the Firm screen (decision 025): owners manage them there with the rules' own list and form; members see
// them read-only; /rules shows them read-only with a link to the Firm screen.

const firmRule: RuleDto = {
  id: 'f0000000-0000-4000-8000-000000000001',
  name: 'Shared statements',
  scope: 'firm',
  match: 'all',
  conditions: [{ kind: 'from_domain', value: 'bank.test' }],
  actions: [{ kind: 'mark_read' }],
  stopHere: false,
  isEnabled: true,
  position: 0,
  version: 1,
  disabledReason: null,
  matchCount: 0,
  lastMatchedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

let rules: RulesResponse;
const server = http.createServer((request, response) => {
  const isRules = request.url === RULES_API.rules;
  response.writeHead(isRules ? 200 : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify(isRules ? rules : { error: { code: 'NotFound', message: 'Not found' } }));
});
servePageOriginForFile(server);
afterEach(dismissToastsAndCleanup);

function renderWith(node: React.ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('FirmRules', () => {
  it('lets an owner add and edit the firm’s rules with the rule form', async () => {
    rules = { personal: [], firm: [firmRule], hasFirm: true, canManageFirmRules: true };
    renderWith(<FirmRules />);
    fireEvent.click(await screen.findByRole('button', { name: "Edit 'Shared statements'" }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Shared statements');
    expect(screen.queryByRole('button', { name: 'New firm rule' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New firm rule' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows a member the firm’s rules read-only', async () => {
    rules = { personal: [], firm: [firmRule], hasFirm: true, canManageFirmRules: false };
    renderWith(<FirmRules />);
    expect(await screen.findByText('Shared statements')).toBeTruthy();
    expect(screen.getByText(/Only owners can change them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: "Edit 'Shared statements'" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New firm rule' })).toBeNull();
    expect(screen.getByRole('switch', { name: "Rule 'Shared statements' on" })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows nothing outside a firm', async () => {
    rules = { personal: [], firm: [], hasFirm: false, canManageFirmRules: false };
    renderWith(
      <>
        <FirmRules />
        <p>after</p>
      </>,
    );
    await screen.findByText('after');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Firm rules')).toBeNull();
  });
});

describe('RulesPage firm rules', () => {
  it('shows an owner the firm’s rules read-only, with a link to manage them on the Firm screen', async () => {
    rules = { personal: [], firm: [firmRule], hasFirm: true, canManageFirmRules: true };
    renderWith(<RulesPage />);
    const link = await screen.findByRole('link', { name: 'Manage them on the Firm screen' });
    expect(link.getAttribute('href')).toBe('/firm');
    expect(screen.queryByRole('button', { name: "Edit 'Shared statements'" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New firm rule' })).toBeNull();
  });
});
