// One round of pushing a mailbox's queued changes (decision 010). The caller holds the mailbox's lease, so the
// rounds of one mailbox never overlap, on any node.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of';
import { type Tx, withUser } from '../../db/with-user';
import type { IntegrationCtx } from '../core/integration-store';
import type { MailboxChangeOperation, MailProvider, PushOutcome, SyncedMessage } from '../core/provider';
import type { MailSession } from '../core/session/mail-session';
import type { RetryPolicy } from '../core/transport/retry-policy';
import { providerFor } from '../providers';
import { loadActiveIntegration } from '../service/load-integration';
import { openProviderSession } from '../sessions';
import { type ChangeFailure, describeFailure, retryDelaySeconds } from './change-failures';
import { folderAfter, type ItemSnapshot } from './queue-changes';

/** Changes pushed per round: Gmail takes 1,000 ids per batchModify; Graph 20 per $batch. */
export const CHANGES_PER_ROUND = 1000;
/** Failures announced per notice (pg_notify payloads are small); the count says how many there were. */
const NOTICE_ITEM_IDS = 50;

/** Background pushes: a few patient retries inside a call (Retry-After honoured), then the outbox's backoff. */
export const OUTBOX_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 250,
  maxDelayMs: 4000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 20_000,
};

export type OpenChange = {
  id: string;
  itemId: string | null;
  messageId: string;
  operation: MailboxChangeOperation;
  /** 'pushing' at load time: a push that a node started and never settled (it died). */
  state: 'pending' | 'pushing';
  attempts: number;
  notBefore: Date;
  previous: Omit<ItemSnapshot, 'id'> | null;
  /** The firm member who took the action on the owner's shared mailbox, when not the owner (decision 012). */
  actorId?: string | null;
};

export type RoundResult = { pushed: number; failed: number; retrying: number; remaining: boolean };

const isMove = (operation: MailboxChangeOperation) => folderAfter(operation) !== null;
const family = (operation: MailboxChangeOperation) => (isMove(operation) ? 'move' : 'read');

async function loadOpenChanges(tx: Tx, integrationId: string): Promise<OpenChange[]> {
  // The item's current message id wins: a Graph move earlier in the queue renumbered the message.
  const result = await tx.execute(sql`
    select c.id::text as id, c.triage_item_id, coalesce(t.email_message_id, c.email_message_id) as message_id,
      c.operation, c.state, c.attempts, c.not_before, c.previous, a.actor_id
    from mailbox_changes c left join triage_items t on t.id = c.triage_item_id
      left join triage_actions a on a.id = c.action_id
    where c.email_integration_id = ${integrationId} and c.state in ('pending', 'pushing')
    order by c.id
    limit ${CHANGES_PER_ROUND * 2}`);
  return rowsOf<{
    id: string;
    triage_item_id: string | null;
    message_id: string;
    operation: MailboxChangeOperation;
    state: 'pending' | 'pushing';
    attempts: number;
    not_before: string | Date;
    previous: Omit<ItemSnapshot, 'id'> | null;
    actor_id: string | null;
  }>(result).map((row) => ({
    id: row.id,
    itemId: row.triage_item_id,
    messageId: row.message_id,
    operation: row.operation,
    state: row.state,
    attempts: row.attempts,
    notBefore: new Date(row.not_before),
    previous: row.previous,
    actorId: row.actor_id,
  }));
}

/**
 * The changes to push now: per message only its oldest open change (a clear then a move back must reach the
 * mailbox in that order), and only when it is due; a message whose oldest change waits holds back the rest.
 */
export function pickChanges(changes: readonly OpenChange[], now: Date): OpenChange[] {
  const seen = new Set<string>();
  const picked: OpenChange[] = [];
  for (const change of changes) {
    const key = change.itemId ?? `message:${change.messageId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (change.notBefore.getTime() <= now.getTime()) picked.push(change);
    if (picked.length >= CHANGES_PER_ROUND) break;
  }
  return picked;
}

function isAlreadyApplied(operation: MailboxChangeOperation, message: SyncedMessage): boolean {
  const folder = folderAfter(operation);
  return folder ? message.folder === folder : message.isRead === (operation === 'read');
}

/**
 * Changes a dead node had started: whether the mailbox already shows them (then they are done, not pushed
 * twice). A moved message Graph renumbered is no longer found by its old id; that counts as done too, and the
 * next sync files the message where it is.
 */
async function verifyRecovered(
  provider: MailProvider,
  session: MailSession,
  recovered: readonly OpenChange[],
  outcomes: Map<string, PushOutcome>,
): Promise<void> {
  if (recovered.length === 0) return;
  const found = await provider.lookupMessages(
    session,
    recovered.map((change) => change.messageId),
  );
  for (const change of recovered) {
    const message = found.get(change.messageId);
    const isDone = message ? isAlreadyApplied(change.operation, message) : isMove(change.operation);
    if (isDone) outcomes.set(change.id, { ok: true, messageId: change.messageId });
  }
}

async function pushToProvider(
  ctx: IntegrationCtx,
  integrationId: string,
  picked: readonly OpenChange[],
): Promise<Map<string, PushOutcome>> {
  const outcomes = new Map<string, PushOutcome>();
  try {
    const integration = await loadActiveIntegration(ctx, integrationId);
    const provider = providerFor(ctx.deps, integration.provider);
    const session = openProviderSession(ctx, integration, { policy: OUTBOX_POLICY });
    await verifyRecovered(
      provider,
      session,
      picked.filter((change) => change.state === 'pushing'),
      outcomes,
    );
    const toPush = picked.filter((change) => !outcomes.has(change.id));
    if (toPush.length > 0) {
      const pushed = await provider.pushChanges(
        session,
        toPush.map((change) => ({
          key: change.id,
          messageId: change.messageId,
          operation: change.operation,
        })),
      );
      for (const [key, outcome] of pushed) outcomes.set(key, outcome);
    }
  } catch (error) {
    for (const change of picked) if (!outcomes.has(change.id)) outcomes.set(change.id, { ok: false, error });
  }
  for (const change of picked) {
    if (!outcomes.has(change.id))
      outcomes.set(change.id, {
        ok: false,
        error: new Error('The provider did not answer for this change.'),
      });
  }
  return outcomes;
}

type Failed = { change: OpenChange; failure: ChangeFailure };

async function settleDone(tx: Tx, integrationId: string, done: { change: OpenChange; messageId: string }[]) {
  if (done.length === 0) return;
  const pushed = done.map(({ change, messageId }) => ({ id: change.id, message_id: messageId }));
  await tx.execute(sql`
    with p as (select * from jsonb_to_recordset(${JSON.stringify(pushed)}::jsonb) as p(id bigint, message_id text))
    update mailbox_changes c set state = 'done', settled_at = now(), pushed_message_id = p.message_id
    from p where c.id = p.id`);
  // Where the message lives now, and its id if the provider renumbered it (unless a sync already filed it anew).
  const items = done.flatMap(({ change, messageId }) =>
    change.itemId && (isMove(change.operation) || messageId !== change.messageId)
      ? [
          {
            id: change.itemId,
            message_id: messageId,
            mail_folder: folderAfter(change.operation),
          },
        ]
      : [],
  );
  if (items.length === 0) return;
  await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as p(id uuid, message_id text, mail_folder text)
    )
    update triage_items t set
      email_message_id = case when exists (
          select 1 from triage_items o
          where o.email_integration_id = ${integrationId} and o.email_message_id = p.message_id and o.id <> t.id)
        then t.email_message_id else p.message_id end,
      metadata = case when p.mail_folder is null then t.metadata
        else t.metadata || jsonb_build_object('mail_folder', p.mail_folder) end
    from p where t.id = p.id
      -- The action already noted the folder (update-items.ts): a move that kept its id writes nothing.
      and (t.email_message_id is distinct from p.message_id
        or (p.mail_folder is not null and t.metadata->>'mail_folder' is distinct from p.mail_folder))`);
}

async function settleRetries(tx: Tx, retrying: Failed[]) {
  if (retrying.length === 0) return;
  const rows = retrying.map(({ change }) => ({
    id: change.id,
    delay: retryDelaySeconds(change.attempts + 1),
  }));
  await tx.execute(sql`
    with p as (select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as p(id bigint, delay int))
    update mailbox_changes c set state = 'pending', not_before = now() + make_interval(secs => p.delay)
    from p where c.id = p.id`);
}

/**
 * Changes refused for good: marked failed, their items put back as they were (and flagged with the failure
 * until the next action), the same kind of change still queued for those items cancelled, and the user told
 * on their realtime stream, one notice per text.
 */
async function settleFailures(tx: Tx, userId: string, integrationId: string, failed: Failed[]) {
  if (failed.length === 0) return;
  const at = new Date().toISOString();
  const rows = failed.map(({ change, failure }) => ({
    id: change.id,
    item_id: change.itemId,
    op: change.operation,
    family: family(change.operation),
    status: change.previous?.status ?? null,
    is_read: change.previous?.isRead ?? null,
    folder: change.previous?.folder ?? null,
    code: failure.code,
    http_status: failure.status,
    message: failure.description,
    failure: { title: failure.title, description: failure.description, at },
  }));
  const payload = JSON.stringify(rows);
  await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${payload}::jsonb) as p(id bigint, code text, http_status int, message text)
    )
    update mailbox_changes c set state = 'failed', error_code = p.code, error_status = p.http_status,
      error_message = p.message, settled_at = now()
    from p where c.id = p.id`);
  await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${payload}::jsonb) as p(id bigint, item_id uuid, family text)
      where item_id is not null
    )
    update mailbox_changes c set state = 'cancelled', settled_at = now()
    from p
    where c.email_integration_id = ${integrationId} and c.triage_item_id = p.item_id and c.state = 'pending'
      and c.id > p.id
      and (case when c.operation in ('archive', 'unarchive') then 'move' else 'read' end) = p.family`);
  await tx.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${payload}::jsonb) as p(item_id uuid, family text, status text,
        is_read boolean, folder jsonb, failure jsonb)
      where item_id is not null
    )
    update triage_items t set
      status = case when p.family = 'move' then coalesce(p.status, t.status) else t.status end,
      is_read = case when p.family = 'read' then coalesce(p.is_read, t.is_read) else t.is_read end,
      metadata = (case when p.family = 'move'
          then (t.metadata - 'mail_folder' - 'exchange_folder_state') || coalesce(p.folder, '{}'::jsonb)
          else t.metadata end) || jsonb_build_object('mailbox_change_failed', p.failure),
      updated_at = now()
    from p where t.id = p.item_id`);
  // The owner hears of every refusal; a member who took the action on the shared mailbox hears of theirs.
  const byRecipientAndText = new Map<string, { recipient: string; entries: Failed[] }>();
  for (const entry of failed) {
    const text = `${entry.failure.title}\n${entry.failure.description}`;
    const recipients = new Set([userId, entry.change.actorId ?? userId]);
    for (const recipient of recipients) {
      const key = `${recipient}\n${text}`;
      const group = byRecipientAndText.get(key) ?? { recipient, entries: [] };
      group.entries.push(entry);
      byRecipientAndText.set(key, group);
    }
  }
  for (const { recipient, entries } of byRecipientAndText.values()) {
    const [first] = entries;
    if (!first) continue;
    const notice = {
      kind: 'mailbox-change-failed',
      title: first.failure.title,
      description: first.failure.description,
      count: entries.length,
      itemIds: entries
        .flatMap(({ change }) => (change.itemId ? [change.itemId] : []))
        .slice(0, NOTICE_ITEM_IDS),
    };
    await tx.execute(sql`select ledgerdesk_notify_user(${recipient}, ${JSON.stringify(notice)}::jsonb)`);
  }
}

/**
 * Pushes the mailbox's due changes once: loads them, marks them pushing, pushes them with the provider's batch
 * calls, then settles each (done, retry later with backoff, or refused for good). Answers the counts and
 * whether another round could push more now (changes were waiting behind the ones just settled).
 */
export async function pushRound(
  ctx: IntegrationCtx,
  integrationId: string,
  now = new Date(),
): Promise<RoundResult> {
  const { deps, userId } = ctx;
  const picked = await withUser(deps.db, userId, async (tx) => {
    const open = await loadOpenChanges(tx, integrationId);
    const chosen = pickChanges(open, now);
    if (chosen.length > 0) {
      await tx.execute(sql`
        update mailbox_changes set state = 'pushing', attempts = attempts + 1
        where id in (select jsonb_array_elements_text(${JSON.stringify(chosen.map((change) => change.id))}::jsonb)::bigint)`);
    }
    return { chosen, remaining: open.length > chosen.length };
  });
  if (picked.chosen.length === 0) return { pushed: 0, failed: 0, retrying: 0, remaining: false };
  const outcomes = await pushToProvider(ctx, integrationId, picked.chosen);
  const done: { change: OpenChange; messageId: string }[] = [];
  const retrying: Failed[] = [];
  const failed: Failed[] = [];
  for (const change of picked.chosen) {
    const outcome = outcomes.get(change.id);
    if (outcome?.ok) {
      done.push({ change, messageId: outcome.messageId });
      continue;
    }
    const failure = describeFailure(change.operation, outcome?.error, change.attempts + 1);
    (failure.isPermanent ? failed : retrying).push({ change, failure });
    if (!failure.isPermanent)
      deps.log.warn(
        { err: outcome?.error, integrationId, changeId: change.id },
        'mailbox change will be retried',
      );
  }
  await withUser(deps.db, userId, async (tx) => {
    await settleDone(tx, integrationId, done);
    await settleRetries(tx, retrying);
    await settleFailures(tx, userId, integrationId, failed);
  });
  for (const { change } of done) deps.contentCache.delete(integrationId, change.messageId);
  return {
    pushed: done.length,
    failed: failed.length,
    retrying: retrying.length,
    remaining: picked.remaining && done.length + failed.length > 0,
  };
}
