// @vitest-environment happy-dom
/// <reference types="node" />
import http from 'node:http';
import { CLIENTS_API } from '@ledgerdesk/domain/api/clients-endpoints';
import { FIRM_API } from '@ledgerdesk/domain/api/firms-endpoints';
import { RULES_API } from '@ledgerdesk/domain/api/rules-endpoints';
import { TRIAGE_API } from '@ledgerdesk/domain/api/triage-endpoints';
import { rulePreviewText } from '@ledgerdesk/domain/rules/rule-types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servePageOriginForFile } from '../../../lib/test-loopback';
import { dismissToastsAndCleanup } from '../../../lib/test-toasts';
import { newDraft } from './rule-draft';
import { RuleForm } from './rule-form';
import { draftFromParams } from './rules-page';

// The rule form (decision 025) checks a rule with the domain's schema before anything is sent, previews it with the
// server's own text and threads, and "Also apply to these now" runs the saved rule once with one Undo. A
// loopback server plays the API.

const requests: { method: string; url: string; body: unknown }[] = [];
const savedRule = {
  id: '6f1d5f0e-0000-4000-8000-000000000001',
  name: 'Newsletters',
  scope: 'personal',
  match: 'all',
  conditions: [{ kind: 'from_address', value: 'news@paper.test' }],
  actions: [{ kind: 'low_priority' }],
  stopHere: false,
  isEnabled: true,
  position: 0,
  version: 1,
  disabledReason: null,
  matchCount: 0,
  lastMatchedAt: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  updatedAt: '2026-11-27T12:00:00.000Z',
};
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const url = request.url ?? '';
    requests.push({ method: request.method ?? '', url, body: body ? JSON.parse(body) : null });
    const answer = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'POST' && url === RULES_API.preview)
      return answer(200, {
        count: 2,
        text: rulePreviewText(2),
        threads: [
          {
            threadKey: 't1',
            subject: 'Weekly digest',
            fromAddress: 'news@paper.test',
            lastActivity: '2026-11-20T09:00:00.000Z',
            itemIds: ['i1'],
            mailboxId: null,
          },
          {
            threadKey: 't2',
            subject: 'Monthly roundup',
            fromAddress: 'news@paper.test',
            lastActivity: '2026-11-10T09:00:00.000Z',
            itemIds: ['i2'],
            mailboxId: null,
          },
        ],
        note: null,
      });
    if (request.method === 'POST' && url === RULES_API.rules) return answer(201, { rule: savedRule });
    if (request.method === 'POST' && url === RULES_API.apply(savedRule.id))
      return answer(200, { updated: 2, threadCount: 2, actionId: 'action-9' });
    if (request.method === 'POST' && url === TRIAGE_API.undo('action-9')) return answer(200, { undone: 2 });
    if (request.method === 'GET' && url === CLIENTS_API.clients)
      return answer(200, {
        organisations: [{ id: 'a1000000-0000-4000-8000-000000000001', name: 'Northgate Dental' }],
      });
    if (request.method === 'GET' && url === '/api/integrations')
      return answer(200, {
        integrations: [{ id: 'b1000000-0000-4000-8000-000000000001', emailAddress: 'me@firm.test' }],
      });
    if (request.method === 'GET' && url === FIRM_API.firm)
      return answer(200, {
        firm: {
          members: [{ userId: 'user-2', name: 'Sam Carter', email: 'sam@firm.test' }],
          sharedMailboxes: [
            {
              integrationId: 'b2000000-0000-4000-8000-000000000002',
              emailAddress: 'office@firm.test',
              ownerName: 'Ann',
            },
          ],
        },
      });
    if (request.method === 'GET' && url === RULES_API.rules)
      return answer(200, { personal: [savedRule], firm: [], hasFirm: false, canManageFirmRules: false });
    answer(404, { error: { code: 'NotFound', message: 'Not found' } });
  });
});

servePageOriginForFile(server);
/** What the form sent (the pickers' lists are read with GETs as it opens). */
const sent = () => requests.filter((r) => r.method !== 'GET');
afterEach(async () => {
  await dismissToastsAndCleanup();
  requests.length = 0;
});

function renderForm(scope: 'personal' | 'firm' = 'personal') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <Toaster />
      <RuleForm initial={newDraft(scope)} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValidRule() {
  type('Name', 'Newsletters');
  type('Condition 1 text', 'news@paper.test');
  fireEvent.change(screen.getByLabelText('Action 1'), { target: { value: 'low_priority' } });
}

describe('RuleForm', () => {
  it("refuses an incomplete rule with the domain's messages and sends nothing", async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Give the rule a name.')).toBeTruthy();
    expect(screen.getByText('The address must not be empty.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Action 1'), { target: { value: 'snooze' } });
    type('Action 1 snooze hours', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Snooze for at least 1 hour.')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it("shows the server's preview text and the threads it would have matched", async () => {
    renderForm();
    fillValidRule();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      await screen.findByText('This rule would have matched 2 threads in the last 30 days'),
    ).toBeTruthy();
    expect(screen.getByText('Weekly digest')).toBeTruthy();
    expect(screen.getByText('Monthly roundup')).toBeTruthy();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.body).toMatchObject({
      name: 'Newsletters',
      match: 'all',
      conditions: [{ kind: 'from_address', value: 'news@paper.test' }],
      actions: [{ kind: 'low_priority' }],
    });
    // Changing the rule takes the preview away: it no longer describes it.
    type('Condition 1 text', 'other@paper.test');
    expect(screen.queryByText('Weekly digest')).toBeNull();
  });

  it('saves, applies the rule to the previewed threads and undoes that with one Undo', async () => {
    const { onDone } = renderForm();
    fillValidRule();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    fireEvent.click(await screen.findByLabelText('Also apply to these now'));
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByText("Rule 'Newsletters' applied to 2 threads")).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
    fireEvent.click(undo);
    await waitFor(() =>
      expect(sent().map((r) => `${r.method} ${r.url}`)).toEqual([
        `POST ${RULES_API.preview}`,
        `POST ${RULES_API.rules}`,
        `POST ${RULES_API.apply(savedRule.id)}`,
        `POST ${TRIAGE_API.undo('action-9')}`,
      ]),
    );
    expect(await screen.findByText('Undone')).toBeTruthy();
  });

  it('saves without applying when "Also apply to these now" is not chosen', async () => {
    renderForm();
    fillValidRule();
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Rule created')).toBeTruthy();
    expect(sent().map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${RULES_API.rules}`]);
  });
});

describe('RuleForm pickers', () => {
  const options = (label: string) =>
    [...(screen.getByRole('combobox', { name: label }) as HTMLSelectElement).options].map((o) => o.text);
  const choose = (label: string, value: string) =>
    fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

  it('offers clients, mailboxes, members and work items by name, and sends the chosen ids', async () => {
    renderForm();
    type('Name', 'Dental');
    choose('Condition 1', 'from_client');
    await waitFor(() => expect(options('Condition 1 client')).toContain('Northgate Dental'));
    choose('Condition 1 client', 'a1000000-0000-4000-8000-000000000001');
    fireEvent.click(screen.getByRole('button', { name: 'Add condition' }));
    choose('Condition 2', 'mailbox_is');
    await waitFor(() =>
      expect(options('Condition 2 mailbox')).toEqual([
        'Choose a mailbox…',
        'me@firm.test',
        'office@firm.test (shared by Ann)',
      ]),
    );
    choose('Condition 2 mailbox', 'b2000000-0000-4000-8000-000000000002');
    choose('Action 1', 'assign');
    expect(options('Action 1 member')).toEqual(['Choose a member…', 'Sam Carter (sam@firm.test)']);
    choose('Action 1 member', 'user-2');
    fireEvent.click(screen.getByRole('button', { name: 'Add action' }));
    choose('Action 2', 'add_to_work');
    expect(options('Action 2 work item')).toContain('Monthly payroll — Oakfield Veterinary');
    choose('Action 2 work item', 'wi-1047');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({
      conditions: [
        { kind: 'from_client', organisationId: 'a1000000-0000-4000-8000-000000000001' },
        { kind: 'mailbox_is', mailboxId: 'b2000000-0000-4000-8000-000000000002' },
      ],
      actions: [
        { kind: 'assign', assigneeUserId: 'user-2' },
        { kind: 'add_to_work', workItemId: 'wi-1047' },
      ],
    });
  });

  it('offers a firm rule only the shared mailboxes, and says when a chosen one is gone', async () => {
    renderForm('firm');
    choose('Condition 1', 'mailbox_is');
    await waitFor(() => expect(options('Condition 1 mailbox')).toContain('office@firm.test (shared by Ann)'));
    expect(options('Condition 1 mailbox')).not.toContain('me@firm.test');
    choose('Action 1', 'set_client');
    await waitFor(() => expect(options('Action 1 client')).toContain('Northgate Dental'));
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Choose a client.')).toBeTruthy();
  });
});

describe('draftFromParams ("Always do this…")', () => {
  it('pre-fills the sender and the action just taken', () => {
    const draft = draftFromParams(new URLSearchParams('new=1&from=news@paper.test&action=low_priority'));
    expect(draft?.conditions).toEqual([
      { kind: 'from_address', value: 'news@paper.test', header: 'list-id', refId: '' },
    ]);
    expect(draft?.actions.map((action) => action.kind)).toEqual(['low_priority']);
    expect(draftFromParams(new URLSearchParams('new=1&domain=paper.test'))?.conditions[0]?.kind).toBe(
      'from_domain',
    );
    expect(draftFromParams(new URLSearchParams('new=1&from=a@b.test&action=bogus'))?.actions).toEqual([]);
    expect(draftFromParams(new URLSearchParams(''))).toBeNull();
  });
});
