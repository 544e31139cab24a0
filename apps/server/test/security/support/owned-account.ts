import { type Connected, connectFreshMailbox, sync } from '../../mail/support/mail-fixtures';
import type { MailHarness } from '../../mail/support/mail-harness';
import type { OwnedIds } from './sample-input';

/** A signed-in user with a synced sandbox mailbox and one of each thing the API names by id. */
export type Account = Connected & { ids: OwnedIds };

/** One request as the user with `cookie` (a JSON body when `payload` is given). */
export async function call(h: MailHarness, cookie: string, method: string, url: string, payload?: unknown) {
  return h.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * A fresh user on a fresh office365 sandbox mailbox, synced, who owns an item, a notification source, an
 * undoable action, a template, a held outgoing message, a firm with their mailbox shared and an invitation
 * pending, an assignment and a comment on their thread, and that thread filed to a work item.
 */
export async function prepareOwnedAccount(h: MailHarness): Promise<Account> {
  const box = await connectFreshMailbox(h, 'office365', { messages: 12 });
  // The seeded messages are random per address (they may all be archived or sent): one known inbox message
  // makes sure the owner has an item to sweep.
  await h.control('POST', '/messages', {
    mailbox: box.address,
    from: 'Pat Client <pat@client.test>',
    to: [box.address],
    subject: 'Owned inbox message',
    text: 'Only the owner may read or change this.',
  });
  await sync(h, box);
  const page = (await call(h, box.cookie, 'GET', '/api/triage/threads?view=inbox&limit=5')).json();
  const item = page.groups[0].emails[0];
  const created = await call(h, box.cookie, 'POST', '/api/notification-sources', {
    sourceName: 'Owned source',
  });
  const action = await call(h, box.cookie, 'PATCH', `/api/triage/items/${item.id}`, { syncPriority: 3 });
  const template = await call(h, box.cookie, 'POST', '/api/templates', {
    name: 'Owned template',
    body: 'Hi {{first_name}}',
  });
  // A message held for undo send (no sender runs in this suite, so it stays held).
  const held = await call(h, box.cookie, 'POST', '/api/functions/send-office365-email', {
    to: ['pat@client.test'],
    subject: 'Held for undo',
    body: '<p>Not yet sent.</p>',
    holdSeconds: 30,
  });
  // Each account owns a firm of its own (firm isolation, decision 012): its mailbox is shared with that firm and
  // an invitation is pending, so the sweep also proves a member of one firm reaches nothing of another.
  await call(h, box.cookie, 'POST', '/api/firm', { name: `Firm of ${box.address}` });
  await call(h, box.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: box.integrationId });
  const invitation = await call(h, box.cookie, 'POST', '/api/firm/invitations', {
    email: 'invitee@example.test',
  });
  // An assignment and an internal comment on the owned thread (decision 013).
  const threadKey = item.emailThreadId ?? `single-${item.id}`;
  await call(h, box.cookie, 'POST', `/api/triage/threads/${encodeURIComponent(threadKey)}/assignment`, {
    assigneeUserId: box.userId,
    comment: 'Mine to do',
  });
  const comment = await call(
    h,
    box.cookie,
    'POST',
    `/api/triage/threads/${encodeURIComponent(threadKey)}/comments`,
    {
      body: 'Only my firm reads this.',
    },
  );
  await call(h, box.cookie, 'POST', `/api/triage/threads/${encodeURIComponent(threadKey)}/work`, {
    workItemId: 'w-sweep',
  });
  // A personal rule (decision 025): no one else may read, change, apply or delete it.
  const rule = await call(h, box.cookie, 'POST', '/api/rules', {
    name: 'Owned rule',
    conditions: [{ kind: 'subject_contains', value: 'owned' }],
    actions: [{ kind: 'later' }],
  });
  // And a firm rule of their firm's shared mailbox, which the snapshot shows unchanged after the sweep.
  await call(h, box.cookie, 'POST', '/api/rules', {
    name: 'Owned firm rule',
    scope: 'firm',
    conditions: [{ kind: 'mailbox_is', mailboxId: box.integrationId }],
    actions: [{ kind: 'low_priority' }],
  });
  return {
    ...box,
    ids: {
      ruleId: rule.json().rule.id,
      workItemId: 'w-sweep',
      commentId: comment.json().comment.id,
      userId: box.userId,
      invitationId: invitation.json().invitation.id,
      integrationId: box.integrationId,
      itemId: item.id,
      threadKey,
      messageId: item.emailMessageId,
      threadId: item.emailThreadId,
      sourceId: created.json().source.id,
      templateId: template.json().template.id,
      actionId: action.json().actionId,
      outgoingId: held.json().outgoingId,
    },
  };
}
