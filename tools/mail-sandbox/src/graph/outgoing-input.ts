import type { AttachmentSpec } from '../store/types';
import type { Address } from '../util/address';
import { nameFromAddress } from '../util/address';
import { cryptoIdSource, graphAttachmentId } from '../util/ids';
import { type ExtendedProperty, parseExtendedProperties } from './extended-properties';

/** The parts of a Graph `message` request body the sandbox understands. */
export type GraphMessageInput = {
  subject?: string;
  body?: { contentType: 'html' | 'text'; content: string };
  toRecipients?: Address[];
  ccRecipients?: Address[];
  bccRecipients?: Address[];
  /** Who the message is from when it is not the mailbox sending it (a shared mailbox, through Send As). */
  from?: Address;
  attachments: AttachmentSpec[];
  headers?: { name: string; value: string }[];
  extendedProperties?: ExtendedProperty[];
};

export type InputError = { code: string; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recipients(value: unknown): Address[] | InputError | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value))
    return { code: 'ErrorInvalidRecipients', message: 'Recipients must be an array.' };
  const out: Address[] = [];
  for (const item of value) {
    const email = isRecord(item) && isRecord(item.emailAddress) ? item.emailAddress : undefined;
    const address = typeof email?.address === 'string' ? email.address.trim().toLowerCase() : '';
    if (!address.includes('@')) {
      return {
        code: 'ErrorInvalidRecipients',
        message: `At least one recipient isn't valid., Recipient '${address}' isn't resolved. All recipients must be resolved before a message can be submitted.`,
      };
    }
    const name = typeof email?.name === 'string' && email.name ? email.name : nameFromAddress(address);
    out.push({ name, address });
  }
  return out;
}

/** Validates a Graph message body (sendMail, reply `message`), including Graph's x-header rule. */
export function parseGraphMessage(value: unknown): GraphMessageInput | InputError {
  if (!isRecord(value)) return { code: 'ErrorInvalidRequest', message: 'The message parameter is required.' };
  const out: GraphMessageInput = { attachments: [] };
  if (typeof value.subject === 'string') out.subject = value.subject;
  if (isRecord(value.body) && typeof value.body.content === 'string') {
    const type = String(value.body.contentType ?? 'text').toLowerCase();
    out.body = { contentType: type === 'html' ? 'html' : 'text', content: value.body.content };
  }
  for (const key of ['toRecipients', 'ccRecipients', 'bccRecipients'] as const) {
    const parsed = recipients(value[key]);
    if (parsed && !Array.isArray(parsed)) return parsed;
    if (parsed) out[key] = parsed;
  }
  if (value.from !== undefined && value.from !== null) {
    const from = recipients([value.from]);
    if (from && !Array.isArray(from)) return from;
    if (from?.[0]) out.from = from[0];
  }
  if (Array.isArray(value.internetMessageHeaders)) {
    for (const header of value.internetMessageHeaders) {
      const name = isRecord(header) && typeof header.name === 'string' ? header.name : '';
      if (!/^x-/i.test(name)) {
        return {
          code: 'InvalidInternetMessageHeader',
          message: `The internet message header name '${name}' should start with 'x-' or 'X-'.`,
        };
      }
      const headerValue = isRecord(header) && typeof header.value === 'string' ? header.value : '';
      out.headers = [...(out.headers ?? []), { name, value: headerValue }];
    }
  }
  if (value.singleValueExtendedProperties !== undefined) {
    const properties = parseExtendedProperties(value.singleValueExtendedProperties);
    if (!Array.isArray(properties)) return { code: 'ErrorInvalidRequest', message: properties.error };
    out.extendedProperties = properties;
  }
  if (Array.isArray(value.attachments)) {
    for (const item of value.attachments) {
      if (!isRecord(item) || typeof item.name !== 'string' || typeof item.contentBytes !== 'string') {
        return {
          code: 'ErrorInvalidRequest',
          message: 'Only file attachments with name and contentBytes are supported.',
        };
      }
      const content = Buffer.from(item.contentBytes, 'base64');
      const contentId = typeof item.contentId === 'string' ? item.contentId : undefined;
      out.attachments.push({
        id: graphAttachmentId(cryptoIdSource),
        name: item.name,
        contentType: typeof item.contentType === 'string' ? item.contentType : 'application/octet-stream',
        size: content.length,
        isInline: item.isInline === true,
        ...(contentId ? { contentId } : {}),
        content,
        seed: 0,
      });
    }
  }
  return out;
}

export function isInputError(value: unknown): value is InputError {
  return isRecord(value) && typeof value.code === 'string' && typeof value.message === 'string';
}
