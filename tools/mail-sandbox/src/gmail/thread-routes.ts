import type { gmail_v1 } from '@googleapis/gmail';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { newestFirst } from '../store/message-ops';
import { sendInvalidArgument, sendNotFound } from './errors';
import { formatGmailMessage, parseFormat, snippetOf } from './message-format';
import { queryList } from './query-values';
import { GMAIL_READ, hasGmailScope } from './scopes';

type Query = Record<string, string | string[] | undefined>;

/** threads.get (messages oldest first, like Gmail) and a simple threads.list. */
export function registerThreadRoutes(app: FastifyInstance, _ctx: SandboxContext): void {
  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/gmail/v1/users/:userId/threads/:id',
    async (request, reply) => {
      if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
      const { mailbox } = requestAuth(request);
      const format = parseFormat(request.query.format);
      if (!format)
        return sendInvalidArgument(reply, `Invalid value at 'format' (${String(request.query.format)})`);
      const thread = mailbox.threads.get(request.params.id);
      if (!thread || thread.size === 0) return sendNotFound(reply);
      const messages = [...thread].sort((a, b) => a.receivedAt - b.receivedAt || a.serial - b.serial);
      const headers = queryList(request.query.metadataHeaders);
      const response: gmail_v1.Schema$Thread = {
        id: request.params.id,
        historyId: String(Math.max(...messages.map((message) => message.changeSeq))),
        messages: messages.map((message) =>
          formatGmailMessage(mailbox, message, format === 'raw' ? 'minimal' : format, headers),
        ),
      };
      return response;
    },
  );

  app.get<{ Querystring: Query }>('/gmail/v1/users/:userId/threads', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    const max = Math.min(500, Number(request.query.maxResults ?? 100) || 100);
    const seen = new Set<string>();
    const threads: gmail_v1.Schema$Thread[] = [];
    for (const message of newestFirst(mailbox)) {
      if (seen.has(message.threadId) || message.labels.includes('TRASH')) continue;
      seen.add(message.threadId);
      if (threads.length < max) {
        threads.push({
          id: message.threadId,
          snippet: snippetOf(message),
          historyId: String(message.changeSeq),
        });
      }
    }
    return { threads, resultSizeEstimate: seen.size };
  });
}
