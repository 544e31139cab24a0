import type { User } from '@microsoft/microsoft-graph-types';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { sendItemNotFound } from './errors';
import { folderJson, resolveFolder, visibleFolders } from './folders';
import { parseSelect } from './preferences';
import { hasGraphScope, MAIL_READ, USER_READ } from './scopes';

/** /me and the mail folders (well-known names inbox, sentitems, archive, deleteditems, or ids). */
export function registerFolderRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  segment: string,
  base: string,
): void {
  app.get(`${base}/${segment}`, async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    return {
      '@odata.context': `${ctx.publicUrl()}/graph/v1.0/$metadata#users('${mailbox.userId}')/mailFolders`,
      value: visibleFolders(mailbox).map((key) => folderJson(mailbox, key)),
    };
  });

  app.get<{ Params: { folder: string } }>(`${base}/${segment}/:folder`, async (request, reply) => {
    if (!hasGraphScope(request, reply, MAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    const key = resolveFolder(mailbox, request.params.folder);
    if (!key) return sendItemNotFound(reply);
    return {
      '@odata.context': `${ctx.publicUrl()}/graph/v1.0/$metadata#users('${mailbox.userId}')/mailFolders/$entity`,
      ...folderJson(mailbox, key),
    };
  });
}

export function registerMeRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/v1.0/me', async (request, reply) => {
    if (!hasGraphScope(request, reply, USER_READ)) return reply;
    const { mailbox } = requestAuth(request);
    const [givenName, ...rest] = mailbox.displayName.split(' ');
    const user: User = {
      id: mailbox.userId,
      displayName: mailbox.displayName,
      givenName: givenName ?? null,
      surname: rest.join(' ') || null,
      mail: mailbox.address,
      userPrincipalName: mailbox.address,
      businessPhones: [],
      jobTitle: null,
      mobilePhone: null,
      officeLocation: null,
      preferredLanguage: 'en-GB',
    };
    const select = parseSelect((request.query as { $select?: unknown }).$select);
    const fields = Object.entries(user).filter(
      ([key]) => !select || key === 'id' || select.has(key.toLowerCase()),
    );
    return {
      '@odata.context': `${ctx.publicUrl()}/graph/v1.0/$metadata#users/$entity`,
      ...Object.fromEntries(fields),
    };
  });
}
