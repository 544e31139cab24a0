import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { findMailbox, normalizeAddress } from '../store/sandbox-store';
import type { SharedAccess, SharedDelegate } from '../store/types';
import { sendBadRequest, sendMailboxNotFound } from './errors';

type Params = { Params: { address: string; user: string } };
const ACCESS: readonly SharedAccess[] = ['full', 'read', 'none'];

/** Parses `{ access, sendAs?, sendOnBehalf? }`, or names the problem. */
function parseDelegate(body: Record<string, unknown> | undefined): SharedDelegate | string {
  const { access, sendAs = false, sendOnBehalf = false } = body ?? {};
  if (!ACCESS.includes(access as SharedAccess)) return "access must be 'full', 'read' or 'none'.";
  if (typeof sendAs !== 'boolean' || typeof sendOnBehalf !== 'boolean')
    return 'sendAs and sendOnBehalf must be booleans.';
  return { access: access as SharedAccess, sendAs, sendOnBehalf };
}

/**
 * A tenant administrator's switches for a shared mailbox: who may open it (full, read-only, none) and send as it
 * or on its behalf. `POST /mailboxes` with `shared: true` makes one.
 */
export function registerControlDelegateRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Params: { address: string } }>('/mailboxes/:address/delegates', async (request, reply) => {
    const mailbox = findMailbox(ctx.store, request.params.address);
    if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
    return {
      address: mailbox.address,
      isShared: !!mailbox.shared,
      delegates: mailbox.shared?.delegates ?? {},
    };
  });

  app.put<Params & { Body: Record<string, unknown> | undefined }>(
    '/mailboxes/:address/delegates/:user',
    async (request, reply) => {
      const mailbox = findMailbox(ctx.store, request.params.address);
      if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
      if (!mailbox.shared) return sendBadRequest(reply, `${mailbox.address} is not a shared mailbox.`);
      const user = normalizeAddress(request.params.user);
      if (!findMailbox(ctx.store, user)) return sendMailboxNotFound(reply, user);
      const delegate = parseDelegate(request.body);
      if (typeof delegate === 'string') return sendBadRequest(reply, delegate);
      mailbox.shared.delegates[user] = delegate;
      ctx.persist();
      return { address: mailbox.address, user, ...delegate };
    },
  );
}
