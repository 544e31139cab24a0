import type { ThreadContentResponse, ThreadDto, ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { EmailAddress, EmailInThread, TriageItem } from '@ledgerdesk/domain/entities';
import { decodeEntities, stripTags } from '@ledgerdesk/domain/triage/preview-text';
import { addressOf, replyAllRecipients, replySubject } from '@ledgerdesk/domain/triage/reply';
import { fullTime } from '../utils/format-time';

export type ComposeMode = 'new' | 'reply' | 'replyAll';

export type ComposeDraft = {
  mode: ComposeMode;
  to: string;
  cc: string;
  subject: string;
  body: string;
  triageItemId: string | null;
  threadId: string | null;
  originalMessageId: string | null;
  /** The mailbox the reply goes out from: the one the original arrived in. */
  integrationId: string | null;
  /** Who a reply answers, "Name <address>" (for a saved reply's {{first_name}}); null for a new mail. */
  replyingTo: string | null;
};

export type ReplyRequest = {
  mode: 'reply' | 'replyAll';
  item: TriageItem;
  email: EmailInThread | null;
  participants: EmailAddress[];
};

/** An empty new mail. */
export function newDraft(): ComposeDraft {
  return {
    mode: 'new',
    to: '',
    cc: '',
    subject: '',
    body: '',
    triageItemId: null,
    threadId: null,
    originalMessageId: null,
    integrationId: null,
    replyingTo: null,
  };
}

const QUOTE_MAX_CHARS = 4000;

function quotedText(email: EmailInThread | null, item: TriageItem): string {
  const content = email?.body.content ?? item.previewContent ?? '';
  const isHtml = email?.body.contentType.toLowerCase() === 'html';
  const text = isHtml
    ? decodeEntities(stripTags(content.replace(/<br\s*\/?>|<\/(?:p|div|tr|li|h\d|blockquote)>/gi, '\n')))
    : content;
  const trimmed = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, QUOTE_MAX_CHARS);
  if (!trimmed) return '';
  const sender = email ? email.from.name || email.from.address : item.fromAddress;
  const when = fullTime(email?.receivedDateTime ?? item.time);
  const quoted = trimmed
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return `\n\nOn ${when}, ${sender} wrote:\n${quoted}`;
}

/** A reply or reply-all (spec §4): "Re: " subject, To the sender, reply-all CC the other participants. */
export function replyDraft(request: ReplyRequest, ownMailbox: string | null): ComposeDraft {
  const { item, email, mode } = request;
  const sender = email?.from.address || addressOf(item.fromAddress);
  const recipients =
    mode === 'replyAll'
      ? replyAllRecipients({ participants: request.participants, sender, ownMailbox })
      : { to: [sender], cc: [] };
  return {
    mode,
    to: recipients.to.join(', '),
    cc: recipients.cc.join(', '),
    subject: replySubject(email?.subject ?? item.subject),
    body: quotedText(email, item),
    triageItemId: item.id,
    threadId: item.emailThreadId,
    originalMessageId: item.emailMessageId,
    integrationId: item.emailIntegrationId,
    replyingTo: email
      ? email.from.name
        ? `${email.from.name} <${email.from.address}>`
        : email.from.address
      : item.fromAddress,
  };
}

/** Thread participants for reply-all: the loaded thread's, plus every sender and recipient of its emails. */
export function threadParticipants(
  group: ThreadGroupDto,
  thread: ThreadDto | undefined,
  content: ThreadContentResponse | undefined,
): EmailAddress[] {
  const all: EmailAddress[] = [...(thread?.participants ?? [])];
  for (const entry of content?.items ?? []) {
    if (entry.email) all.push(entry.email.from, ...entry.email.to, ...entry.email.cc);
  }
  if (all.length === 0)
    return group.participants.map((participant) => ({ name: '', address: addressOf(participant) }));
  return all;
}

/** The reply target of a thread: its newest email that has mailbox ids (else the newest item). */
export function latestReplyRequest(
  mode: ReplyRequest['mode'],
  group: ThreadGroupDto,
  thread: ThreadDto | undefined,
  content: ThreadContentResponse | undefined,
): ReplyRequest {
  const items = thread?.items ?? [...group.emails].reverse();
  const target = [...items].reverse().find((item) => item.emailMessageId && item.emailIntegrationId);
  const item = target ?? group.latestEmail;
  const email = content?.items.find((entry) => entry.itemId === item.id)?.email ?? null;
  return { mode, item, email, participants: threadParticipants(group, thread, content) };
}
