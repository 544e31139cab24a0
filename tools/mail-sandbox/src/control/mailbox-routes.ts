import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { MAX_GENERATED_MESSAGES } from '../defaults';
import {
  armRefreshError,
  expireAccessTokens,
  REFRESH_ERROR_CODES,
  type RefreshErrorCode,
  revokeGrants,
} from '../oauth/token-store';
import { expireCursors } from '../store/change-log';
import { findMailbox, normalizeAddress, provisionMailbox } from '../store/sandbox-store';
import { sendBadRequest, sendMailboxNotFound } from './errors';
import { mailboxSummary } from './mailbox-summary';

type Address = { Params: { address: string } };
type Limit = { Querystring: { limit?: string } };

const limitOf = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;

/** Mailbox provisioning and the token/cursor switches tests use to exercise recovery paths. */
export function registerControlMailboxRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<Address & Limit>('/mailboxes/:address', async (request, reply) => {
    const mailbox = findMailbox(ctx.store, request.params.address);
    if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
    return mailboxSummary(mailbox, limitOf(request.query.limit));
  });

  // The mailbox's change log (moves, label changes), so a test can count how often each message was moved.
  app.get<Address>('/mailboxes/:address/changes', async (request, reply) => {
    const mailbox = findMailbox(ctx.store, request.params.address);
    if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
    return {
      changes: mailbox.log.map((change) => ({
        kind: change.kind,
        immutableId: change.immutableId,
        id: change.id,
        folder: change.folder,
        ...(change.fromFolder ? { fromFolder: change.fromFolder } : {}),
        ...(change.labelsAdded ? { labelsAdded: change.labelsAdded } : {}),
        ...(change.labelsRemoved ? { labelsRemoved: change.labelsRemoved } : {}),
      })),
    };
  });

  app.post<Limit & { Body: Record<string, unknown> | undefined }>('/mailboxes', async (request, reply) => {
    const { address, provider, messages, archiveFolder, shared } = request.body ?? {};
    if (typeof address !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(address.trim())) {
      return sendBadRequest(reply, 'address must be an email address.');
    }
    if (provider !== 'office365' && provider !== 'gmail')
      return sendBadRequest(reply, "provider must be 'office365' or 'gmail'.");
    const count = messages ?? 0;
    if (
      typeof count !== 'number' ||
      !Number.isInteger(count) ||
      count < 0 ||
      count > MAX_GENERATED_MESSAGES
    ) {
      return sendBadRequest(reply, `messages must be an integer from 0 to ${MAX_GENERATED_MESSAGES}.`);
    }
    if (archiveFolder !== undefined && typeof archiveFolder !== 'boolean') {
      return sendBadRequest(reply, 'archiveFolder must be a boolean.');
    }
    if (shared !== undefined && (typeof shared !== 'boolean' || (shared && provider !== 'office365'))) {
      return sendBadRequest(reply, 'shared must be a boolean, and only an office365 mailbox can be shared.');
    }
    const mailbox = provisionMailbox(ctx.store, {
      address: normalizeAddress(address),
      provider,
      messages: count,
      hasArchive: archiveFolder ?? true,
      now: ctx.now(),
    });
    // A shared mailbox starts with nobody given access; PUT /mailboxes/:address/delegates/:user grants it.
    if (shared) {
      mailbox.shared = { delegates: {} };
      ctx.persist();
    }
    return reply.code(201).send(mailboxSummary(mailbox, limitOf(request.query.limit)));
  });

  app.post<Address>('/mailboxes/:address/expire-tokens', async (request, reply) => {
    const mailbox = findMailbox(ctx.store, request.params.address);
    if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
    const expired = expireAccessTokens(ctx.tokens, mailbox.address, ctx.now());
    ctx.persist();
    return { ok: true, expired };
  });

  app.post<Address>('/mailboxes/:address/revoke', async (request, reply) => {
    const mailbox = findMailbox(ctx.store, request.params.address);
    if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
    const revoked = revokeGrants(ctx.tokens, (grant) => grant.mailbox === mailbox.address);
    ctx.persist();
    return { ok: true, revoked };
  });

  // The token endpoint answers the mailbox's refreshes with an error that needs the user (or a retry).
  app.post<Address & { Body: Record<string, unknown> | undefined }>(
    '/mailboxes/:address/refresh-error',
    async (request, reply) => {
      const mailbox = findMailbox(ctx.store, request.params.address);
      if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
      const { error, count } = request.body ?? {};
      if (!(REFRESH_ERROR_CODES as readonly unknown[]).includes(error)) {
        return sendBadRequest(reply, `error must be one of ${REFRESH_ERROR_CODES.join(', ')}.`);
      }
      if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 1)) {
        return sendBadRequest(reply, 'count must be a positive integer.');
      }
      const grants = armRefreshError(
        ctx.tokens,
        mailbox.address,
        error as RefreshErrorCode,
        typeof count === 'number' ? count : null,
      );
      ctx.persist();
      return { ok: true, grants };
    },
  );

  app.post<Address>('/mailboxes/:address/expire-cursors', async (request, reply) => {
    const mailbox = findMailbox(ctx.store, request.params.address);
    if (!mailbox) return sendMailboxNotFound(reply, request.params.address);
    expireCursors(mailbox);
    ctx.persist();
    return { ok: true };
  });
}
