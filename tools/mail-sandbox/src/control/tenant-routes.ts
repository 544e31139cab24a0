import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { sendBadRequest } from './errors';

type Params = { Params: { tenant: string } };
/** The Graph application permissions the sandbox knows (what a tenant administrator can grant an app). */
const APPLICATION_PERMISSIONS = new Set([
  'Mail.Read',
  'Mail.ReadWrite',
  'Mail.ReadBasic.All',
  'Mail.Send',
  'User.Read.All',
]);

/**
 * A Microsoft 365 tenant administrator's admin consent (tenant = a mailbox domain): the application permissions
 * granted to the app, carried as `roles` by the app-only tokens issued afterwards (client credentials). `roles: []`
 * revokes; tokens issued before keep what they carried until they expire, as Entra's do.
 */
export function registerControlTenantRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<Params>('/tenants/:tenant/app-permissions', async (request) => {
    const tenant = request.params.tenant.toLowerCase();
    return { tenant, roles: ctx.store.appRoles.get(tenant) ?? [] };
  });

  app.put<Params & { Body: Record<string, unknown> | undefined }>(
    '/tenants/:tenant/app-permissions',
    async (request, reply) => {
      const roles = request.body?.roles;
      if (!Array.isArray(roles) || roles.some((role) => !APPLICATION_PERMISSIONS.has(role as string)))
        return sendBadRequest(
          reply,
          `roles must be a list of application permissions: ${[...APPLICATION_PERMISSIONS].join(', ')}.`,
        );
      const tenant = request.params.tenant.toLowerCase();
      if (roles.length === 0) ctx.store.appRoles.delete(tenant);
      else ctx.store.appRoles.set(tenant, [...new Set(roles as string[])]);
      ctx.persist();
      return { tenant, roles: ctx.store.appRoles.get(tenant) ?? [] };
    },
  );
}
