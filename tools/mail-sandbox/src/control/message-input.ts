export type ControlAttachmentInput = { name: string; contentType?: string; size?: number; content?: string };

export type ControlMessageInput = {
  mailbox: string;
  folder?: 'inbox' | 'sent' | 'archive';
  from: string;
  to: string[];
  cc?: string[];
  subject: string;
  html?: string;
  text?: string;
  inReplyTo?: string;
  isRead?: boolean;
  receivedDateTime?: string;
  attachments?: ControlAttachmentInput[];
  /** Extra RFC 5322 headers (List-Unsubscribe, Auto-Submitted, …), as both providers then show them. */
  headers?: { name: string; value: string }[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function addressList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return value.split(/\s*,\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).filter(Boolean);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return undefined;
}

/** Validates POST /control/messages; returns an error message on bad input. */
export function parseControlMessage(body: unknown): ControlMessageInput | string {
  if (!isRecord(body)) return 'Expected a JSON object.';
  const { mailbox, folder, from, subject, html, text, inReplyTo, isRead, receivedDateTime } = body;
  if (typeof mailbox !== 'string' || mailbox === '') return 'mailbox is required.';
  if (folder !== undefined && folder !== 'inbox' && folder !== 'sent' && folder !== 'archive') {
    return "folder must be 'inbox', 'sent' or 'archive'.";
  }
  if (typeof from !== 'string' || !from.includes('@')) return 'from must be an address or "Name <address>".';
  const to = addressList(body.to);
  if (!to || to.length === 0) return 'to must be an address or a list of addresses.';
  const cc = body.cc === undefined ? [] : addressList(body.cc);
  if (!cc) return 'cc must be an address or a list of addresses.';
  if (typeof subject !== 'string') return 'subject is required.';
  if (html !== undefined && typeof html !== 'string') return 'html must be a string.';
  if (text !== undefined && typeof text !== 'string') return 'text must be a string.';
  if (inReplyTo !== undefined && typeof inReplyTo !== 'string') return 'inReplyTo must be a message id.';
  if (isRead !== undefined && typeof isRead !== 'boolean') return 'isRead must be a boolean.';
  if (
    receivedDateTime !== undefined &&
    (typeof receivedDateTime !== 'string' || Number.isNaN(Date.parse(receivedDateTime)))
  ) {
    return 'receivedDateTime must be an ISO date.';
  }
  const attachments: ControlAttachmentInput[] = [];
  if (body.attachments !== undefined) {
    if (!Array.isArray(body.attachments)) return 'attachments must be a list.';
    for (const item of body.attachments) {
      if (!isRecord(item) || typeof item.name !== 'string') return 'each attachment needs a name.';
      attachments.push({
        name: item.name,
        ...(typeof item.contentType === 'string' ? { contentType: item.contentType } : {}),
        ...(typeof item.size === 'number' ? { size: item.size } : {}),
        ...(typeof item.content === 'string' ? { content: item.content } : {}),
      });
    }
  }
  const headers = parseHeaders(body.headers);
  if (typeof headers === 'string') return headers;
  return {
    mailbox,
    ...(headers.length > 0 ? { headers } : {}),
    ...(folder ? { folder } : {}),
    from,
    to,
    cc,
    subject,
    ...(html !== undefined ? { html } : {}),
    ...(text !== undefined ? { text } : {}),
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(isRead !== undefined ? { isRead } : {}),
    ...(receivedDateTime ? { receivedDateTime } : {}),
    attachments,
  };
}

const HEADER_NAME = /^[!-9;-~]{1,76}$/;
/** Headers the sandbox itself writes; a delivered message may not override them. */
const RESERVED = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'message-id',
  'in-reply-to',
  'references',
  'content-type',
  'mime-version',
  'content-transfer-encoding',
]);

/** `headers` as an object ({"List-Id": "…"}) or a list of {name, value}; values one line, at most 2,000 characters. */
function parseHeaders(value: unknown): { name: string; value: string }[] | string {
  if (value === undefined) return [];
  const entries = Array.isArray(value)
    ? value.map((item) => (isRecord(item) ? [item.name, item.value] : [undefined, undefined]))
    : isRecord(value)
      ? Object.entries(value)
      : null;
  if (!entries) return 'headers must be an object or a list of {name, value}.';
  const headers: { name: string; value: string }[] = [];
  for (const [name, text] of entries) {
    if (typeof name !== 'string' || !HEADER_NAME.test(name)) return 'each header needs a valid name.';
    if (RESERVED.has(name.toLowerCase())) return `header ${name} is written by the sandbox.`;
    if (typeof text !== 'string' || /[\r\n]/.test(text) || text.length > 2000)
      return `header ${name} needs a one-line value of at most 2,000 characters.`;
    headers.push({ name, value: text });
  }
  return headers;
}
