import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { newestFirst } from '../store/message-ops';
import type { FolderKey, StoredMessage } from '../store/types';
import { sendBadRequest, sendItemNotFound } from './errors';
import { resolveFolder } from './folders';
import { toGraphMessage } from './message-json';
import { parseODataFilter } from './odata-filter';
import { graphView } from './preferences';
import { hasGraphScope, MAIL_READ } from './scopes';

type ListQuery = Record<string, string | undefined>;

/** GET /me/messages and /me/mailFolders/{id}/messages with $top, $skip, $select, $filter, $orderby. */
export function registerListRoutes(app: FastifyInstance, ctx: SandboxContext, base: string): void {
  app.get<{ Querystring: ListQuery }>(`${base}/messages`, (request, reply) =>
    listMessages(ctx, request, reply),
  );
  for (const segment of ['mailFolders', 'mailfolders']) {
    app.get<{ Params: { folder: string }; Querystring: ListQuery }>(
      `${base}/${segment}/:folder/messages`,
      async (request, reply) => {
        const { mailbox } = requestAuth(request);
        const folder = resolveFolder(mailbox, request.params.folder);
        if (!folder) return sendItemNotFound(reply);
        return listMessages(ctx, request, reply, folder);
      },
    );
  }
}

async function listMessages(
  ctx: SandboxContext,
  request: FastifyRequest<{ Querystring: ListQuery }>,
  reply: FastifyReply,
  folder?: FolderKey,
): Promise<unknown> {
  if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
  const { mailbox } = requestAuth(request);
  const filter = parseODataFilter(request.query.$filter);
  if (typeof filter !== 'function') return sendBadRequest(reply, filter.error, 'ErrorInvalidUrlQueryFilter');
  const top = Math.min(1000, Math.max(1, Number(request.query.$top ?? 10) || 10));
  const skip = Math.max(0, Number(request.query.$skip ?? 0) || 0);
  const isAscending = /receivedDateTime\s+asc/i.test(request.query.$orderby ?? '');
  const matches: StoredMessage[] = [];
  for (const message of newestFirst(mailbox)) {
    if ((folder === undefined || message.folder === folder) && filter(message)) matches.push(message);
  }
  if (isAscending) matches.reverse();
  const view = graphView(request, reply);
  const page = matches.slice(skip, skip + top);
  const url = new URL(request.url, ctx.publicUrl());
  url.searchParams.set('$skip', String(skip + top));
  const nextPath = url.pathname.replace(/^.*?\/graph\//, '/graph/');
  return {
    '@odata.context': `${ctx.publicUrl()}/graph/v1.0/$metadata#users('${mailbox.userId}')/messages`,
    value: page.map((message) => toGraphMessage(mailbox, message, view)),
    ...(skip + top < matches.length
      ? { '@odata.nextLink': `${ctx.publicUrl()}${nextPath}${url.search}` }
      : {}),
  };
}
