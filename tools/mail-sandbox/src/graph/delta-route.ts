import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { graphOwnerPath, requestAuth } from '../oauth/authenticate';
import { isCursorValid } from '../store/change-log';
import type { FolderKey, Mailbox } from '../store/types';
import { changesPage, initialPage } from './delta-pages';
import {
  type DeltaOptions,
  type DeltaState,
  decodeDeltaToken,
  encodeDeltaToken,
  tokenPosition,
} from './delta-token';
import { sendGraphError, sendItemNotFound } from './errors';
import { resolveFolder } from './folders';
import { toGraphMessage } from './message-json';
import { addPreferenceApplied, graphView, maxPageSize } from './preferences';
import { hasGraphScope, MAIL_READ } from './scopes';

type DeltaQuery = Record<string, string | undefined>;

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;

function initialOptions(request: FastifyRequest<{ Querystring: DeltaQuery }>): DeltaOptions {
  const query = request.query;
  const top = Number(query.$top);
  const pageSize = maxPageSize(request) ?? (Number.isFinite(top) && top > 0 ? top : DEFAULT_PAGE_SIZE);
  const filter = /receivedDateTime\s+(ge|gt)\s+(\S+)/i.exec(query.$filter ?? '');
  const changeType = query.changeType;
  return {
    pageSize,
    ...(query.$select ? { select: query.$select } : {}),
    ...(changeType === 'created' || changeType === 'updated' || changeType === 'deleted'
      ? { changeType }
      : {}),
    ...(filter?.[2] ? { receivedAfter: Date.parse(filter[2]) } : {}),
  };
}

/** The round to serve: a new initial round, or the token's (a deltaLink starts paging its changes). */
function resolveState(
  request: FastifyRequest<{ Querystring: DeltaQuery }>,
  mailbox: Mailbox,
  folder: FolderKey,
): Exclude<DeltaState, { phase: 'delta' }> | undefined {
  const token = request.query.$skiptoken ?? request.query.$deltatoken;
  if (!token) {
    const { epoch, seq: since, messages } = mailbox;
    return {
      phase: 'initial',
      epoch,
      folder,
      since,
      beforeSerial: messages.length,
      ...initialOptions(request),
    };
  }
  const state = decodeDeltaToken(token);
  if (!state || state.epoch !== mailbox.epoch || state.folder !== folder) return undefined;
  if (!isCursorValid(mailbox, tokenPosition(state))) return undefined;
  if (state.phase !== 'delta') return state;
  const { seq, ...options } = state;
  return { ...options, phase: 'changes', from: seq, to: mailbox.seq, offset: 0 };
}

/** GET /me (or /users/{address})/mailFolders/{id}/messages/delta: the initial round pages the folder, deltaLinks page the changes. */
export function registerDeltaRoute(
  app: FastifyInstance,
  ctx: SandboxContext,
  segment: string,
  base: string,
): void {
  app.get<{ Params: { folder: string }; Querystring: DeltaQuery }>(
    `${base}/${segment}/:folder/messages/delta`,
    async (request, reply) => {
      if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
      const { mailbox } = requestAuth(request);
      const folder = resolveFolder(mailbox, request.params.folder);
      if (!folder) return sendItemNotFound(reply);
      const state = resolveState(request, mailbox, folder);
      if (!state) return sendSyncStateNotFound(reply);
      const pageSize = Math.min(MAX_PAGE_SIZE, maxPageSize(request) ?? state.pageSize);
      if (maxPageSize(request)) addPreferenceApplied(reply, `odata.maxpagesize=${pageSize}`);
      const view = graphView(request, reply, state.select);
      const deltaUrl = `${ctx.publicUrl()}/graph/v1.0${graphOwnerPath(request)}/mailFolders/${encodeURIComponent(mailbox.folderIds[folder])}/messages/delta`;
      const page =
        state.phase === 'initial'
          ? initialPage(mailbox, folder, state, pageSize)
          : changesPage(mailbox, folder, state, pageSize, view.isImmutable);
      const value = page.items.map((item) => {
        const type = { '@odata.type': '#microsoft.graph.message' };
        if (item.kind === 'removed') return { ...type, id: item.id, '@removed': { reason: 'deleted' } };
        const message = toGraphMessage(mailbox, item.message, view);
        if (!item.isStateOnly) return { ...type, ...message };
        // A state-only change: the partial item Graph has been seen to answer.
        const { id, isRead, parentFolderId } = toGraphMessage(mailbox, item.message, {
          ...view,
          select: new Set(['id', 'isread', 'parentfolderid']),
        });
        return { ...type, id, isRead, parentFolderId };
      });
      const link = page.next
        ? { '@odata.nextLink': `${deltaUrl}?$skiptoken=${encodeDeltaToken(page.next)}` }
        : { '@odata.deltaLink': `${deltaUrl}?$deltatoken=${encodeDeltaToken(page.delta)}` };
      return {
        '@odata.context': `${ctx.publicUrl()}/graph/v1.0/$metadata#Collection(message)`,
        ...link,
        value,
      };
    },
  );
}

function sendSyncStateNotFound(reply: FastifyReply): FastifyReply {
  return sendGraphError(
    reply,
    410,
    'SyncStateNotFound',
    'The sync state generation is not found. The delta token is expired and data must be synchronized again.',
  );
}
