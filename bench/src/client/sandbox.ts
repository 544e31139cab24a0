import type { Provider } from '@ledgerdesk/domain/entities';
import { callJson } from './http-client';

export type FolderCounts = Record<'inbox' | 'sent' | 'archive', { total: number; unread: number }>;
export type SandboxMessage = { id: string; threadId: string; folder: string; subject: string; from: string };
export type SandboxCounters = Record<
  'graph' | 'gmail',
  { requests: number; batches: number; batchSteps: number; throttled: number; medianStepMs: number | null }
>;

/** The sandbox's control API (tools/mail-sandbox README), plus the bench harness's request counters. */
export function sandboxControl(sandboxUrl: string) {
  const control = (path: string) => `${sandboxUrl}/control${path}`;
  const benchRoot = sandboxUrl.replace(/\/sandbox$/, '');
  return {
    createMailbox: (address: string, provider: Provider, messages: number) =>
      callJson<{ folders: FolderCounts }>(control('/mailboxes?limit=0'), 'POST', {
        address,
        provider,
        messages,
      }),
    mailbox: (address: string, limit: number) =>
      callJson<{ folders: FolderCounts; messages: SandboxMessage[] }>(
        control(`/mailboxes/${encodeURIComponent(address)}?limit=${limit}`),
        'GET',
      ),
    addMessage: (input: {
      mailbox: string;
      from: string;
      to: string[];
      subject: string;
      text: string;
      inReplyTo?: string;
    }) => callJson<{ id: string; threadId: string }>(control('/messages'), 'POST', input),
    deleteMessage: (id: string) => callJson<null>(control(`/messages/${encodeURIComponent(id)}`), 'DELETE'),
    setQuotas: (provider: Provider, enabled: boolean) =>
      callJson(control('/quotas'), 'POST', { provider, enabled }),
    /** Provider calls the sandbox answered (a batch counts once). */
    stats: () =>
      callJson<{ calls: Record<Provider, number>; batches: Record<Provider, number> }>(
        control('/stats'),
        'GET',
      ),
    counters: () => callJson<SandboxCounters>(`${benchRoot}/bench/stats`, 'GET'),
    resetCounters: () => callJson(`${benchRoot}/bench/stats/reset`, 'POST'),
  };
}
