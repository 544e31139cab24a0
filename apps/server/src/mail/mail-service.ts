// The mail operations the rest of the server calls (triage actions, server functions, jobs). Errors are
// AppErrors whose code is the spec §8 catalogue code and whose message is the spec's text.
import crypto from 'node:crypto';
import { FETCH_CONTENT_TIMEOUT_MS } from '@ledgerdesk/domain/constants';
import type { EmailInThread } from '@ledgerdesk/domain/entities';
import { AppError } from '../http/app-error';
import {
  toArchiveError,
  toFetchError,
  toReadStateError,
  toSendError,
  toSyncError,
  toUnarchiveError,
} from './core/error-mapping';
import type { MailDeps } from './core/mail-deps';
import { INTERACTIVE_POLICY } from './core/transport/retry-policy';
import { providerFor } from './providers';
import { loadActiveIntegration, loadSendTarget } from './service/load-integration';
import { recordMove } from './service/record-move';
import { openProviderSession } from './sessions';
import { fullResync, type ResyncResult } from './sync/full-resync';
import { runUnderSyncLock } from './sync/run-under-sync-lock';
import { syncIntegrationRun } from './sync/sync-integration';
import type { SyncFolder, SyncReport } from './sync/sync-report';

export type { SyncReport } from './sync/sync-report';

export type MailContext = { deps: MailDeps; userId: string };

export type SendEmailInput = {
  integrationId?: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  replyType: 'new' | 'reply' | 'replyAll';
  triageItemId?: string;
  threadId?: string;
  originalMessageId?: string;
  /** The held message's identity (decision 029); a send at once gets a new one. */
  sendId?: string;
  /** Whether an earlier attempt of this held message may have reached the provider. */
  mayHaveBeenSent?: boolean;
  /** When the held message was written: no attempt started before. */
  firstAttemptAfter?: Date;
};

/** How long an interactive call (archive, send) may take, retries included. */
const INTERACTIVE_DEADLINE_MS = 25_000;
/** How long a manual sync waits for a sync of the same mailbox already running. */
const SYNC_LOCK_WAIT_MS = 60_000;

async function mapErrors<T>(work: () => Promise<T>, map: (error: unknown) => AppError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AppError ? error : map(error);
  }
}

async function interactiveSession(
  ctx: MailContext,
  integrationId: string,
  timeoutMs = INTERACTIVE_DEADLINE_MS,
) {
  const integration = await loadActiveIntegration(ctx, integrationId);
  const provider = providerFor(ctx.deps, integration.provider);
  const session = openProviderSession(ctx, integration, {
    policy: INTERACTIVE_POLICY,
    deadline: Date.now() + timeoutMs,
  });
  return { integration, provider, session };
}

/** Moves a message to the mailbox's Archive (Gmail: removes INBOX). */
export async function archiveMessage(
  ctx: MailContext,
  input: { integrationId: string; messageId: string },
): Promise<{ newMessageId?: string; oldMessageId?: string }> {
  return mapErrors(async () => {
    const { provider, session } = await interactiveSession(ctx, input.integrationId);
    const moved = await provider.archive(session, input.messageId);
    return afterMove(ctx, input, moved.id, 'archive');
  }, toArchiveError);
}

/** Moves a message back to the Inbox (Gmail: adds INBOX). */
export async function unarchiveMessage(
  ctx: MailContext,
  input: { integrationId: string; messageId: string },
): Promise<{ newMessageId?: string; oldMessageId?: string }> {
  return mapErrors(async () => {
    const { provider, session } = await interactiveSession(ctx, input.integrationId);
    const moved = await provider.unarchive(session, input.messageId);
    return afterMove(ctx, input, moved.id, 'inbox');
  }, toUnarchiveError);
}

async function afterMove(
  ctx: MailContext,
  input: { integrationId: string; messageId: string },
  newId: string,
  folder: 'inbox' | 'archive',
): Promise<{ newMessageId?: string; oldMessageId?: string }> {
  await recordMove(ctx, { integrationId: input.integrationId, oldId: input.messageId, newId, folder });
  ctx.deps.contentCache.delete(input.integrationId, input.messageId);
  return newId === input.messageId ? {} : { newMessageId: newId, oldMessageId: input.messageId };
}

/** Marks a message read or unread in the mailbox. */
export async function setMessageReadState(
  ctx: MailContext,
  input: { integrationId: string; messageId: string; isRead: boolean },
): Promise<void> {
  await mapErrors(async () => {
    const { provider, session } = await interactiveSession(ctx, input.integrationId);
    await provider.setRead(session, input.messageId, input.isRead);
    ctx.deps.contentCache.delete(input.integrationId, input.messageId);
  }, toReadStateError);
}

/** Loads one message's full content (cached per integration + message id). */
export async function fetchEmailContent(
  ctx: MailContext,
  input: { integrationId: string; messageId: string; timeoutMs?: number },
): Promise<EmailInThread> {
  return mapErrors(async () => {
    const { provider, session } = await interactiveSession(
      ctx,
      input.integrationId,
      input.timeoutMs ?? FETCH_CONTENT_TIMEOUT_MS,
    );
    const cache = ctx.deps.contentCache;
    const cached = cache.get(input.integrationId, input.messageId);
    if (cached) return cached;
    const email = await provider.getMessage(session, input.messageId);
    cache.set(input.integrationId, input.messageId, email);
    return email;
  }, toFetchError);
}

/** Sends a new message, reply or reply-all; answers the address it was sent from. */
export async function sendEmail(
  ctx: MailContext,
  input: SendEmailInput,
): Promise<{ sentFrom: string; integrationId: string; threadId: string | null }> {
  return mapErrors(async () => {
    const target = await loadSendTarget(ctx, input);
    const { provider, session } = await interactiveSession(
      { ...ctx, userId: target.ownerId },
      target.integration.id,
    );
    await provider.send(session, {
      to: input.to,
      cc: input.cc,
      subject: input.subject,
      body: input.body,
      replyType: input.replyType,
      originalMessageId: input.replyType === 'new' ? null : target.originalMessageId,
      threadId: target.threadId,
      sendId: input.sendId ?? crypto.randomUUID(),
      mayHaveBeenSent: input.mayHaveBeenSent ?? false,
      firstAttemptAfter: input.firstAttemptAfter ?? new Date(),
    });
    return {
      sentFrom: target.integration.emailAddress,
      integrationId: target.integration.id,
      threadId: input.replyType === 'new' ? null : target.threadId,
    };
  }, toSendError);
}

/**
 * Checks a send the way sendEmail does (the sending mailbox is the caller's, active and connected; a reply's
 * target is theirs) without sending: undo send validates before it holds. Answers the sending mailbox.
 */
export async function checkSendTarget(
  ctx: MailContext,
  input: SendEmailInput,
): Promise<{ sentFrom: string; integrationId: string }> {
  return mapErrors(async () => {
    const target = await loadSendTarget(ctx, input);
    providerFor(ctx.deps, target.integration.provider);
    return { sentFrom: target.integration.emailAddress, integrationId: target.integration.id };
  }, toSendError);
}

/** Syncs an integration's folders into triage items (waits up to a minute for a sync already running). */
export async function syncIntegration(
  ctx: MailContext,
  input: {
    integrationId: string;
    daysBack?: number;
    maxEmails?: number;
    folders?: SyncFolder[];
    pageSize?: number;
    timeBudgetMs?: number;
    lockWaitMs?: number;
    onProgress?: (report: SyncReport) => void;
  },
): Promise<SyncReport> {
  return mapErrors(async () => {
    const run = await runUnderSyncLock(
      ctx,
      input.integrationId,
      { waitMs: input.lockWaitMs ?? SYNC_LOCK_WAIT_MS, load: loadActiveIntegration },
      (integration) => syncIntegrationRun(ctx, integration, input),
    );
    if (run.status !== 'ran') throw syncBusy();
    return run.value;
  }, toSyncError);
}

/** The Enhanced Reset of spec §2 for one integration (see fullResync). */
export async function resyncIntegration(
  ctx: MailContext,
  input: { integrationId: string; daysBack: number; maxEmails: number; folders: SyncFolder[] },
): Promise<ResyncResult> {
  return mapErrors(async () => {
    const run = await runUnderSyncLock(
      ctx,
      input.integrationId,
      { waitMs: SYNC_LOCK_WAIT_MS, load: loadActiveIntegration },
      (integration) => fullResync(ctx, integration, input),
    );
    if (run.status !== 'ran') throw syncBusy();
    return run.value;
  }, toSyncError);
}

function syncBusy(): AppError {
  return new AppError(
    409,
    'SYNC_IN_PROGRESS',
    'A sync of this mailbox is already running. Please try again in a minute.',
  );
}
