import {
  CLIENTS_API,
  type ClientSaved,
  clientBodySchema,
  fileThreadSchema,
  unfileParamsSchema,
  type WorkThreadDto,
  type WorkThreadsResponse,
} from '@ledgerdesk/domain/api/clients';
import { threadKeyParamsSchema } from '@ledgerdesk/domain/api/collaboration';
import { domainOf, isOrganisationDomain } from '@ledgerdesk/domain/firm/client-domains';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/rows-of';
import { type Tx, withUser } from '../../db/with-user';
import { badRequest, notFound } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { resolveThread } from '../collaboration/thread-scope';

export const PUBLIC_DOMAIN_REFUSED = 'A public mail domain (like gmail.com) cannot name an organisation.';
export const NOT_FILED = 'This thread is not filed to that work item.';

/** The client list a user writes to: their firm's when they are in one, else their own. */
async function scopeOf(tx: Tx, userId: string) {
  const [row] = rowsOf<{ firm_id: string | null }>(
    await tx.execute(sql`select ledgerdesk_current_firm_id()::text as firm_id`),
  );
  return row?.firm_id
    ? { firmId: row.firm_id, userId: null, key: sql`firm_id = ${row.firm_id}::uuid` }
    : { firmId: null, userId, key: sql`user_id = ${userId}` };
}

const toWorkThread = (row: {
  work_item_id: string;
  thread_key: string;
  subject: string;
  filed_at: string | Date;
}) =>
  ({
    workItemId: row.work_item_id,
    threadKey: row.thread_key,
    subject: row.subject,
    filedAt: new Date(row.filed_at).toISOString(),
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
        const scope = await scopeOf(tx, user.id);
        const [existing] = rowsOf<{ id: string; name: string }>(
          await tx.execute(sql`
          select id, name from client_organisations where ${scope.key} and lower(name) = lower(${body.organisation})
          for update`),
        );
        const organisation =
          existing ??
          rowsOf<{ id: string; name: string }>(
            await tx.execute(sql`
            insert into client_organisations (firm_id, user_id, name, created_by)
            values (${scope.firmId}::uuid, ${scope.userId}, ${body.organisation}, ${user.id})
            returning id, name`),
          )[0];
        if (!organisation) throw badRequest('The organisation could not be saved.');
        if (body.matchDomain) {
          // A domain belongs to one organisation of the list.
          await tx.execute(sql`
          update client_organisations set domains = array_remove(domains, ${domain})
          where ${scope.key} and id <> ${organisation.id}::uuid and ${domain} = any(domains)`);
          await tx.execute(sql`
          update client_organisations set domains = array_append(domains, ${domain})
          where id = ${organisation.id}::uuid and not (${domain} = any(domains))`);
        }
        const name = body.contactName?.trim() || null;
        const [contact] = rowsOf<{ name: string }>(
          await tx.execute(sql`
          insert into client_contacts (firm_id, user_id, organisation_id, name, email, created_by)
          values (${scope.firmId}::uuid, ${scope.userId}, ${organisation.id}::uuid,
            ${name ?? body.address.split('@')[0] ?? body.address}, ${body.address}, ${user.id})
          on conflict (coalesce(firm_id::text, user_id), email) do update
            set organisation_id = excluded.organisation_id,
              name = coalesce(${name}, client_contacts.name)
          returning name`),
        );
        return {
          organisation: organisation.name,
          contact: contact?.name ?? null,
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
      path: CLIENTS_API.workThreads,
      summary: 'Threads filed to work items.',
      auth: { action: 'view work items' },
    },
    async ({ user }): Promise<WorkThreadsResponse> => {
      const rows = await withUser(app.db, user.id, (tx) =>
        tx.execute(sql`
        select work_item_id, thread_key, subject, filed_at from work_item_threads
        order by filed_at desc, id limit 500`),
      );
      return { threads: rowsOf<Parameters<typeof toWorkThread>[0]>(rows).map(toWorkThread) };
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
        await tx.execute(sql`
        insert into work_item_threads (work_item_id, owner_user_id, email_integration_id, thread_key, subject, filed_by)
        values (${workItemId}, ${scope.ownerId}, ${scope.mailboxId}::uuid, ${threadKey},
          ${scope.head.subject || '(no subject)'}, ${user.id})
        on conflict (work_item_id, owner_user_id, thread_key) do nothing`);
        const [row] = rowsOf<Parameters<typeof toWorkThread>[0]>(
          await tx.execute(sql`
          select work_item_id, thread_key, subject, filed_at from work_item_threads
          where work_item_id = ${workItemId} and owner_user_id = ${scope.ownerId} and thread_key = ${threadKey}`),
        );
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
        const removed = await tx.execute(sql`
        delete from work_item_threads
        where work_item_id = ${workItemId} and owner_user_id = ${scope.ownerId} and thread_key = ${threadKey}
        returning id`);
        if (rowsOf(removed).length === 0) throw notFound(NOT_FILED);
      });
      return reply.code(204).send();
    },
  );
}
