import type { NewMessage } from '../store/message-ops';
import type { AttachmentSpec, FolderKey } from '../store/types';
import type { Address } from '../util/address';
import type { Random } from '../util/prng';
import { createRandom } from '../util/prng';
import { ALL_TOPICS } from './all-topics';
import { messageIdentity, threadIdentity } from './identity';
import { pickCc, pickSender } from './people';
import { planAttachments } from './plan-attachments';
import type { PlanContext } from './plan-context';
import { topicParams } from './topic-types';
import { TOPICS } from './topics';
import { CLIENTS } from './vocabulary';

const NO_ADDRESSES: Address[] = [];
const LABEL_SETS = new Map<string, string[]>();

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SEED_ID_EPOCH = Date.UTC(2025, 0, 1);

/** One conversation of 1–8 messages between the mailbox owner and a client (or a one-off notice). */
export function planThread(ctx: PlanContext, remaining: number): NewMessage[] {
  const { random, mailbox, now } = ctx;
  const isNotice = random.chance(0.1);
  const topicIndex = isNotice
    ? random.int(TOPICS.length, ALL_TOPICS.length - 1)
    : random.int(0, TOPICS.length - 1);
  const topic = ALL_TOPICS[topicIndex] ?? ALL_TOPICS[0]!;
  const clientIndex = random.int(0, CLIENTS.length - 1);
  const client = CLIENTS[clientIndex] ?? CLIENTS[0]!;
  const seed = random.seed();
  const anchor = now - random.int(30 * 60_000, 30 * DAY);
  const subject = topic.subject(client, topicParams(createRandom(seed), anchor));
  const length = isNotice ? 1 : Math.min(remaining, random.int(2, 8));
  const isHtml = Boolean(topic.hasRemoteImages || topic.hasInlineImage) || random.chance(0.65);
  const isArchived = mailbox.hasArchive && random.chance(0.25);
  const contact = pickSender(topic, client);
  const cc = pickCc(ctx, topic, client);
  const thread = threadIdentity(ctx);
  // Arrays are shared between messages to keep 100k-message mailboxes light; the store never mutates them.
  const toContact = [contact];
  const drafts: NewMessage[] = [];
  let isFromOwner = topic.initiator === 'firm' && random.chance(0.6);
  let at = anchor;
  for (let step = 0; step < length && at < now - 60_000; step++) {
    const previous = drafts[drafts.length - 1];
    const folder: FolderKey = isFromOwner ? 'sent' : isArchived ? 'archive' : 'inbox';
    // Ids encode a fixed epoch minus the message's age, so they are time-ordered yet identical on every start.
    const idTime = SEED_ID_EPOCH - (now - at);
    const identity = messageIdentity(
      ctx,
      thread,
      drafts.length === 0,
      isFromOwner ? ctx.owner : contact,
      idTime,
    );
    const attachments: AttachmentSpec[] = planAttachments(
      ctx,
      topic,
      client,
      seed,
      anchor,
      step,
      isHtml,
      isFromOwner,
    );
    const prefix = mailbox.provider === 'gmail' ? 'Re: ' : 'RE: ';
    drafts.push({
      id: identity.id,
      immutableId: identity.immutableId,
      threadId: identity.threadId,
      internetMessageId: identity.internetMessageId,
      subject: step === 0 ? subject : `${prefix}${subject}`,
      from: isFromOwner ? ctx.owner : contact,
      to: isFromOwner ? toContact : ctx.ownerList,
      cc,
      bcc: NO_ADDRESSES,
      receivedAt: at,
      sentAt: at - random.int(1000, 40_000),
      folder,
      labels: gmailLabels(ctx, folder, topic.initiator === 'notice'),
      isRead: isRead(random, folder, now - at),
      inReplyTo: previous?.internetMessageId,
      references: previous ? [...previous.references, previous.internetMessageId] : [],
      body: {
        kind: 'generated',
        seed,
        topic: topicIndex,
        client: clientIndex,
        step,
        isHtml,
        isFromOwner,
        anchor,
      },
      attachments,
    });
    at += random.int(20 * 60_000, 30 * HOUR);
    isFromOwner = isFromOwner ? !random.chance(0.9) : random.chance(0.2);
  }
  return drafts;
}

function isRead(random: Random, folder: FolderKey, age: number): boolean {
  if (folder === 'sent') return true;
  if (folder === 'archive') return random.chance(0.95);
  if (age > 4 * DAY) return random.chance(0.45);
  if (age > DAY) return random.chance(0.3);
  return random.chance(0.1);
}

function gmailLabels(ctx: PlanContext, folder: FolderKey, isNotice: boolean): string[] {
  if (ctx.mailbox.provider !== 'gmail') return shared([]);
  if (folder === 'sent') return shared(['SENT']);
  const category = isNotice ? 'CATEGORY_UPDATES' : 'CATEGORY_PERSONAL';
  const important = !isNotice && ctx.random.chance(0.4) ? ['IMPORTANT'] : [];
  return shared(folder === 'inbox' ? ['INBOX', category, ...important] : [category, ...important]);
}

function shared(labels: string[]): string[] {
  const key = labels.join(',');
  const existing = LABEL_SETS.get(key);
  if (existing) return existing;
  LABEL_SETS.set(key, labels);
  return labels;
}
