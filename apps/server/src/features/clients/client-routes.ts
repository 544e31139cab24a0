import {
  CLIENTS_API,
  type ClientOrganisationsResponse,
  type ClientSaved,
  clientBodySchema,
  fileThreadSchema,
  unfileParamsSchema,
  type WorkThreadDto,
  type WorkThreadsResponse,
} from '@ledgerdesk/domain/api/clients';
import { threadKeyParamsSchema } from '@ledgerdesk/domain/api/collaboration';
import { domainOf, isOrganisationDomain } from '@ledgerdesk/domain/firm/client-domains';
import type { FastifyInstance } from 'fastify';
import { withUser } from '../../db/with-user';
import { badRequest, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { resolveThread } from '../access';
import {
  claimDomain,
  clientListOf,
  fileThread,
  findOrganisationForUpdate,
  insertOrganisation,
  listOrganisations,
  listWorkThreads,
  unfileThread,
  upsertContact,
  type WorkThreadRow,
} from './clients-repository';

export const PUBLIC_DOMAIN_REFUSED = 'A public mail domain (like gmail.com) cannot name an organisation.';
export const NOT_FILED = 'This thread is not filed to that work item.';

const toWorkThread = (row: WorkThreadRow) =>
  ({
    workItemId: row.workItemId,
    threadKey: row.threadKey,
    subject: row.subject,
    filedAt: new Date(row.filedAt).toISOString(),
  }) satisfies WorkThreadDto;

/** Clients (organisations, contacts) and threads filed to work items (domain api/clients.ts, decision 015). */
export async function clientRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    {
      method: 'POST',
      path: CLIENTS_API.clients,
      summary: 'Name the organisation (and contact) an address belongs to; optionally its whole mail domain.',
      auth: { action: 'name a client' },
      body: clientBodySchema,
    },
    async ({ user, reply, body }) => {
      const domain = domainOf(body.address);
      if (body.matchDomain && !isOrganisationDomain(domain)) throw badRequest(PUBLIC_DOMAIN_REFUSED);
      const saved = await withUser(app.db, user.id, async (tx): Promise<ClientSaved> => {
        const list = await clientListOf(tx, user.id);
        const organisation =
          (await findOrganisationForUpdate(tx, list, body.organisation)) ??
          (await insertOrganisation(tx, list, { name: body.organisation, createdBy: user.id }));
        if (!organisation) throw badRequest('The organisation could not be saved.');
        if (body.matchDomain) await claimDomain(tx, list, { organisationId: organisation.id, domain });
        const contact = await upsertContact(tx, list, {
          organisationId: organisation.id,
          name: body.contactName?.trim() || null,
          defaultName: body.address.split('@')[0] ?? body.address,
          email: body.address,
          createdBy: user.id,
        });
        return {
          organisation: organisation.name,
          contact,
          domain: body.matchDomain ? domain : null,
        };
      });
      return reply.code(201).send(saved);
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: CLIENTS_API.clients,
      summary: "The client organisations of the caller's list (the firm's, else their own), by name.",
      auth: { action: 'view clients' },
    },
    async ({ user }): Promise<ClientOrganisationsResponse> => ({
      organisations: await withUser(app.db, user.id, (tx) => listOrganisations(tx)),
    }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      path: CLIENTS_API.workThreads,
      summary: 'Threads filed to work items.',
      auth: { action: 'view work items' },
    },
    async ({ user }): Promise<WorkThreadsResponse> => {
      const rows = await withUser(app.db, user.id, (tx) => listWorkThreads(tx));
      return { threads: rows.map(toWorkThread) };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/triage/threads/:threadKey/work',
      summary: 'File a thread to a work item (Add to work).',
      auth: { action: 'file threads to work' },
      params: threadKeyParamsSchema,
      body: fileThreadSchema,
    },
    async ({ user, reply, params: { threadKey }, body: { workItemId } }) => {
      const thread = await withUser(app.db, user.id, async (tx) => {
        const scope = await resolveThread(tx, user.id, threadKey);
        const row = await fileThread(tx, {
          workItemId,
          ownerId: scope.ownerId,
          threadKey,
          mailboxId: scope.mailboxId,
          subject: scope.head.subject || '(no subject)',
          filedBy: user.id,
        });
        return row ? toWorkThread(row) : null;
      });
      return reply.code(201).send({ thread });
    },
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      path: '/api/triage/threads/:threadKey/work/:workItemId',
      summary: 'Take a thread off a work item.',
      auth: { action: 'file threads to work' },
      params: unfileParamsSchema,
    },
    async ({ user, reply, params: { threadKey, workItemId } }) => {
      await withUser(app.db, user.id, async (tx) => {
        const scope = await resolveThread(tx, user.id, threadKey);
        if (!(await unfileThread(tx, { workItemId, ownerId: scope.ownerId, threadKey })))
          throw notFound(NOT_FILED);
      });
      return reply.code(204).send();
    },
  );
}
