import type { StoredMessage } from '../store/types';
import { createRandom } from '../util/prng';
import { escapeHtml } from '../util/text';
import { ALL_TOPICS } from './all-topics';
import { CLIENT_REPLIES, FIRM_REPLIES, SIGN_OFFS } from './replies';
import { topicParams } from './topic-types';
import { CLIENTS } from './vocabulary';

export type RenderedBody = { contentType: 'html' | 'text'; content: string };

const FIRM_NAME = 'Harbourline Accounting';
const REMOTE_IMAGE_BASE = 'https://images.ledgercloud-mail.example/newsletter';

/** The message body: stored text, or seeded templates rendered on demand (same output every time). */
export function renderBody(message: StoredMessage): RenderedBody {
  const source = message.body;
  if (source.kind === 'static') return { contentType: source.contentType, content: source.content };
  const topic = ALL_TOPICS[source.topic] ?? ALL_TOPICS[0]!;
  const client = CLIENTS[source.client] ?? CLIENTS[0]!;
  const params = topicParams(createRandom(source.seed), source.anchor);
  const random = createRandom(source.seed + source.step * 7919);
  const isFromClient = !source.isFromOwner;
  const paragraphs =
    source.step === 0
      ? topic.opening(client, params)
      : [random.pick(isFromClient ? CLIENT_REPLIES : FIRM_REPLIES)(params)];
  const isNotice = topic.initiator === 'notice';
  const recipient = firstName(message.to[0]?.name ?? '');
  const greeting = isNotice ? '' : `${random.chance(0.5) ? 'Hi' : 'Dear'} ${recipient},`;
  const signature = isNotice
    ? [message.from.name]
    : [`${random.pick(SIGN_OFFS)},`, message.from.name, isFromClient ? client.company : FIRM_NAME];
  if (!source.isHtml) {
    const lines = [greeting, ...paragraphs, signature.join('\n')].filter(Boolean);
    return { contentType: 'text', content: `${lines.join('\n\n')}\n` };
  }
  const inline = message.attachments.filter((attachment) => attachment.isInline && attachment.contentId);
  const images = inline.map(
    (attachment) =>
      `<p><img src="cid:${attachment.contentId}" alt="${escapeHtml(attachment.name)}" width="240"></p>`,
  );
  const remote = topic.hasRemoteImages
    ? [
        `<p><img src="${REMOTE_IMAGE_BASE}/banner-${params.month.toLowerCase()}.png" alt="LedgerCloud" width="600"></p>`,
        `<img src="https://track.ledgercloud-mail.example/open?m=${source.seed}" width="1" height="1" alt="">`,
      ]
    : [];
  const html = [
    greeting ? `<p>${escapeHtml(greeting)}</p>` : '',
    ...paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`),
    `<p>${signature.map(escapeHtml).join('<br>')}</p>`,
    ...images,
    ...remote,
  ].join('\n');
  return {
    contentType: 'html',
    content: `<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><div style="font-family: Calibri, Arial, sans-serif; font-size: 11pt">\n${html}\n</div></body></html>`,
  };
}

function firstName(name: string): string {
  const parts = name.replace(/^Dr\s+/, '').split(' ');
  return parts[0] || 'there';
}
