import crypto from 'node:crypto';
import type { OAuthProvider } from '@ledgerdesk/domain/entities';
import { connectMailbox } from '../client/connect-mailbox';
import { call, type Session } from '../client/http-client';
import { type SandboxCounters, sandboxControl } from '../client/sandbox';
import { signUp } from '../client/sign-up';

export type SyncRun = {
  provider: OAuthProvider;
  isQuotaOn: boolean;
  messages: number;
  /** Messages in the synced folders (Inbox, Sent, Archive). */
  expected: number;
  synced: number;
  firstSyncMs: number;
  /** 1 = initialize-sync-config finished it; more = its 60 s budget ran out and scheduler-style runs finished. */
  rounds: number;
  first: SandboxCounters[keyof SandboxCounters];
  changes: number;
  incrementalMs: number;
  incrementalReport: Record<string, unknown>;
  incremental: SandboxCounters[keyof SandboxCounters];
};

const SYNC_FUNCTION: Record<OAuthProvider, string> = {
  office365: '/api/functions/sync-office365-emails',
  gmail: '/api/functions/sync-emails',
};

/**
 * A new user connects a sandbox mailbox of `messages` messages; the first sync runs through
 * initialize-sync-config (the product's path after connecting); then `changes` changes land in the mailbox
 * (half new mail, a quarter replies, a quarter deletions) and the manual sync function picks them up.
 */
export async function runSync(
  appUrl: string,
  sandboxUrl: string,
  provider: OAuthProvider,
  isQuotaOn: boolean,
  messages: number,
  changes: number,
): Promise<SyncRun> {
  const sandbox = sandboxControl(sandboxUrl);
  const address = `sync-${crypto.randomBytes(4).toString('hex')}@bench-${provider}.test`;
  const mailbox = await sandbox.createMailbox(address, provider, messages);
  const expected = mailbox.folders.inbox.total + mailbox.folders.sent.total + mailbox.folders.archive.total;
  const user = await signUp(appUrl, `sync-${provider}`);
  const integrationId = await connectMailbox(user, provider, address);
  await sandbox.setQuotas(provider, isQuotaOn);
  try {
    await sandbox.resetCounters();
    const started = performance.now();
    await call(user, 'POST', '/api/functions/initialize-sync-config', {
      integrationId,
      initialSyncDaysBack: 31,
    });
    let synced = await itemCount(user, integrationId);
    let rounds = 1;
    while (synced < expected && rounds < 30) {
      await call(user, 'POST', '/api/bench/sync', { integrationId });
      const now = await itemCount(user, integrationId);
      rounds++;
      if (now === synced) break;
      synced = now;
    }
    const firstSyncMs = performance.now() - started;
    const first = (await sandbox.counters())[provider === 'office365' ? 'graph' : 'gmail'];

    await makeChanges(sandboxUrl, address, changes);
    await sandbox.resetCounters();
    const incrementalStarted = performance.now();
    const report = await call<Record<string, unknown>>(user, 'POST', SYNC_FUNCTION[provider], {
      integrationId,
    });
    const incrementalMs = performance.now() - incrementalStarted;
    const incremental = (await sandbox.counters())[provider === 'office365' ? 'graph' : 'gmail'];
    return {
      provider,
      isQuotaOn,
      messages,
      expected,
      synced,
      firstSyncMs,
      rounds,
      first,
      changes,
      incrementalMs,
      incrementalReport: report.body,
      incremental,
    };
  } finally {
    await sandbox.setQuotas(provider, false);
  }
}

async function itemCount(user: Session, integrationId: string): Promise<number> {
  return (await call<{ count: number }>(user, 'GET', `/api/bench/item-count?integrationId=${integrationId}`))
    .body.count;
}

async function makeChanges(sandboxUrl: string, address: string, changes: number): Promise<void> {
  const sandbox = sandboxControl(sandboxUrl);
  const replies = Math.floor(changes / 4);
  const deletions = Math.floor(changes / 4);
  const fresh = changes - replies - deletions;
  const { messages } = await sandbox.mailbox(address, replies + deletions + 50);
  const inbox = messages.filter((message) => message.folder === 'inbox');
  for (let i = 0; i < fresh; i++) {
    await sandbox.addMessage({
      mailbox: address,
      from: `Client ${i} <client${i}@firm.example>`,
      to: [address],
      subject: `Bench change ${i}`,
      text: `New mail number ${i}.`,
    });
  }
  for (const original of inbox.slice(0, replies)) {
    await sandbox.addMessage({
      mailbox: address,
      from: original.from,
      to: [address],
      subject: `Re: ${original.subject}`,
      text: 'A reply.',
      inReplyTo: original.id,
    });
  }
  for (const doomed of inbox.slice(replies, replies + deletions)) await sandbox.deleteMessage(doomed.id);
}
