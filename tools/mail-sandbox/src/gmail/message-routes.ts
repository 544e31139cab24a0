import type { gmail_v1 } from '@googleapis/gmail';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { attachmentContent } from '../seed/attachment-content';
import { hasGmailLabel } from '../store/change-log';
import { newestFirst } from '../store/message-ops';
import { sendInvalidArgument, sendNotFound } from './errors';
import { parseGmailQuery } from './list-query';
import { formatGmailMessage, messageRef, parseFormat } from './message-format';
import { decodePageToken, encodePageToken, queryFlag, queryList, queryNumber } from './query-values';
import { GMAIL_READ, hasGmailScope } from './scopes';

type Query = Record<string, string | string[] | undefined>;
const BASE = '/gmail/v1/users/:userId/messages';

/** messages.list, messages.get and messages.attachments.get. */
export function registerMessageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: Query }>(BASE, async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    const before = decodePageToken(request.query.pageToken);
    if (Number.isNaN(before)) return sendInvalidArgument(reply, 'Invalid pageToken');
    const maxResults = queryNumber(request.query.maxResults, 100, 500);
    const labelIds = queryList(request.query.labelIds);
    const query = parseGmailQuery(
      typeof request.query.q === 'string' ? request.query.q : undefined,
      ctx.now(),
    );
    const includeSpamTrash = queryFlag(request.query.includeSpamTrash) || query.mentionsSpamOrTrash;
    const isMatch = (message: Parameters<typeof query.matches>[0]): boolean => {
      if (!includeSpamTrash && (message.labels.includes('TRASH') || message.labels.includes('SPAM')))
        return false;
      return labelIds.every((label) => hasGmailLabel(message, label)) && query.matches(message);
    };
    const messages: gmail_v1.Schema$Message[] = [];
    let estimate = 0;
    let lastSerial = 0;
    let hasMore = false;
    // Newest first; the scan continues past the page only to count resultSizeEstimate.
    for (const message of newestFirst(mailbox)) {
      if (!isMatch(message)) continue;
      estimate++;
      if (before !== undefined && message.serial >= before) continue;
      if (messages.length < maxResults) {
        messages.push(messageRef(message));
        lastSerial = message.serial;
      } else {
        hasMore = true;
      }
    }
    return {
      ...(messages.length > 0 ? { messages } : {}),
      ...(hasMore ? { nextPageToken: encodePageToken(lastSerial) } : {}),
      resultSizeEstimate: estimate,
    };
  });

  app.get<{ Params: { id: string }; Querystring: Query }>(`${BASE}/:id`, async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    const format = parseFormat(request.query.format);
    if (!format)
      return sendInvalidArgument(reply, `Invalid value at 'format' (${String(request.query.format)})`);
    const message = mailbox.byId.get(request.params.id);
    if (!message) return sendNotFound(reply);
    return formatGmailMessage(mailbox, message, format, queryList(request.query.metadataHeaders));
  });

  app.get<{ Params: { id: string; attachmentId: string } }>(
    `${BASE}/:id/attachments/:attachmentId`,
    async (request, reply) => {
      if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
      const { mailbox } = requestAuth(request);
      const message = mailbox.byId.get(request.params.id);
      const attachment = message?.attachments.find(
        (candidate) => candidate.id === request.params.attachmentId,
      );
      if (!attachment) return sendNotFound(reply);
      const data = attachmentContent(attachment);
      const body: gmail_v1.Schema$MessagePartBody = {
        attachmentId: attachment.id,
        size: attachment.size,
        data: data.toString('base64url'),
      };
      return body;
    },
  );
}
