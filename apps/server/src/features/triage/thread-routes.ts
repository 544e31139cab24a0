import { createHash } from 'node:crypto';
import { safeString } from '@ledgerdesk/domain/api/safe-string';
import { type ThreadResponse, TRIAGE_API, threadsQuerySchema } from '@ledgerdesk/domain/api/triage';
import { THREAD_ITEM_FETCH_TIMEOUT_MS, THREAD_LOADING_TIMEOUT_MS } from '@ledgerdesk/domain/constants';
import { threadLoadErrorMessage } from '@ledgerdesk/domain/mail/thread-load-errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withUser } from '../../db/with-user';
import { unauthorized } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { fetchEmailContent } from '../../mail';
import { listingOwner, threadOwner } from '../access';
import { listThreadGroups } from './list-thread-groups';
import { loadThread } from './load-thread';
import { loadThreadContent } from './load-thread-content';

/** Message contents of one thread fetched at once (spec: items load concurrently). */
export const THREAD_CONTENT_CONCURRENCY = 4;

const threadParamsSchema = z.strictObject({ threadKey: safeString().min(1).max(1000) });

function threadReader(request: FastifyRequest) {
  if (!request.user) throw unauthorized(threadLoadErrorMessage('NotLoggedIn'));
  return request.user;
}

/** GET the list of thread groups, one thread's items, and one thread's message contents. */
export async function threadRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'GET',
      path: TRIAGE_API.threads,
      summary: 'Thread groups of a view, keyset-paginated.',
      auth: { action: 'view triage items' },
      query: threadsQuerySchema,
    },
    async ({ user, query }) => {
      // /triage/shared/{mailboxId}: a mailbox shared with the user's firm lists its owner's rows (decision 012).
      return withUser(app.db, user.id, async (tx) =>
        listThreadGroups(tx, await listingOwner(tx, user.id, query.mailboxId), query),
      );
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/triage/threads/:threadKey',
      summary: "A thread's items, oldest first.",
      auth: threadReader,
      params: threadParamsSchema,
    },
    async ({ user, params: { threadKey } }): Promise<ThreadResponse> => {
      const thread = await withUser(app.db, user.id, async (tx) =>
        loadThread(tx, await threadOwner(tx, user.id, threadKey), threadKey),
      );
      return { thread };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: '/api/triage/threads/:threadKey/content',
      summary: "A thread's message contents.",
      auth: threadReader,
      params: threadParamsSchema,
    },
    async ({ request, reply, user, params: { threadKey } }) => {
      // A shared mailbox's contents are fetched with its owner's connection; its tokens never leave the server.
      const { thread, ownerId } = await withUser(app.db, user.id, async (tx) => {
        const owner = await threadOwner(tx, user.id, threadKey);
        return { thread: await loadThread(tx, owner, threadKey), ownerId: owner };
      });
      const content = await loadThreadContent(thread, {
        fetch: (input) => fetchEmailContent({ deps: app.mail, userId: ownerId }, input),
        itemTimeoutMs: THREAD_ITEM_FETCH_TIMEOUT_MS,
        threadTimeoutMs: THREAD_LOADING_TIMEOUT_MS,
        concurrency: THREAD_CONTENT_CONCURRENCY,
        onUnexpectedError: (error) =>
          request.log.error({ err: error, threadKey }, 'email content fetch failed'),
      });
      const body = JSON.stringify(content);
      reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'cookie');
      if (content.items.some((item) => item.outcome === 'failed')) {
        return reply.header('cache-control', 'no-store').send(body);
      }
      // Same content, same tag: a browser revalidating a thread it already has gets an empty 304.
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(body);
    },
  );
}
