import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { gmailLabelIds } from '../store/change-log';
import { modifyLabels, removeMessage } from '../store/message-ops';
import type { Mailbox, StoredMessage } from '../store/types';
import { sendInvalidArgument, sendNotFound } from './errors';
import { invalidLabel } from './labels';
import { GMAIL_DELETE, GMAIL_MODIFY, hasGmailScope } from './scopes';

type ModifyBody = { addLabelIds?: unknown; removeLabelIds?: unknown; ids?: unknown } | undefined;
type Params = { Params: { id: string } };
const BASE = '/gmail/v1/users/:userId/messages';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function modifyResponse(message: StoredMessage) {
  return { id: message.id, threadId: message.threadId, labelIds: gmailLabelIds(message) };
}

function checkLabels(reply: FastifyReply, add: string[], remove: string[]): boolean {
  const invalid = invalidLabel([...add, ...remove]);
  if (invalid === undefined) return true;
  sendInvalidArgument(reply, `Invalid label: ${invalid}`);
  return false;
}

function findAll(mailbox: Mailbox, ids: string[]): StoredMessage[] {
  return ids
    .map((id) => mailbox.byId.get(id))
    .filter((message): message is StoredMessage => message !== undefined);
}

/** Label changes (archive = remove INBOX), trash/untrash and permanent deletion. */
export function registerModifyRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<Params & { Body: ModifyBody }>(`${BASE}/:id/modify`, async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_MODIFY)) return reply;
    const add = strings(request.body?.addLabelIds);
    const remove = strings(request.body?.removeLabelIds);
    if (!checkLabels(reply, add, remove)) return reply;
    const { mailbox } = requestAuth(request);
    const message = mailbox.byId.get(request.params.id);
    if (!message) return sendNotFound(reply);
    if (modifyLabels(mailbox, message, add, remove)) ctx.persist();
    return modifyResponse(message);
  });

  app.post<{ Body: ModifyBody }>(`${BASE}/batchModify`, async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_MODIFY)) return reply;
    const ids = strings(request.body?.ids);
    const add = strings(request.body?.addLabelIds);
    const remove = strings(request.body?.removeLabelIds);
    if (ids.length === 0) return sendInvalidArgument(reply, 'No message ids specified.');
    if (ids.length > 1000) return sendInvalidArgument(reply, 'Too many ids specified (limit 1000).');
    if (!checkLabels(reply, add, remove)) return reply;
    const { mailbox } = requestAuth(request);
    for (const message of findAll(mailbox, ids)) modifyLabels(mailbox, message, add, remove);
    ctx.persist();
    return reply.code(204).send();
  });

  for (const action of ['trash', 'untrash'] as const) {
    app.post<Params>(`${BASE}/:id/${action}`, async (request, reply) => {
      if (!hasGmailScope(request, reply, GMAIL_MODIFY)) return reply;
      const { mailbox } = requestAuth(request);
      const message = mailbox.byId.get(request.params.id);
      if (!message) return sendNotFound(reply);
      const changed =
        action === 'trash'
          ? modifyLabels(mailbox, message, ['TRASH'], [])
          : modifyLabels(mailbox, message, [], ['TRASH']);
      if (changed) ctx.persist();
      return modifyResponse(message);
    });
  }

  app.delete<Params>(`${BASE}/:id`, async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_DELETE)) return reply;
    const { mailbox } = requestAuth(request);
    const message = mailbox.byId.get(request.params.id);
    if (!message) return sendNotFound(reply);
    removeMessage(mailbox, message);
    ctx.persist();
    return reply.code(204).send();
  });

  app.post<{ Body: ModifyBody }>(`${BASE}/batchDelete`, async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_DELETE)) return reply;
    const { mailbox } = requestAuth(request);
    for (const message of findAll(mailbox, strings(request.body?.ids))) removeMessage(mailbox, message);
    ctx.persist();
    return reply.code(204).send();
  });
}
