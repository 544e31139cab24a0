import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { createControlGuard } from './control-guard';
import { registerControlDelegateRoutes } from './delegate-routes';
import { sendControlError } from './errors';
import { registerControlFaultRoutes } from './fault-routes';
import { registerControlGmailPushRoutes } from './gmail-push-routes';
import { registerControlMailboxRoutes } from './mailbox-routes';
import { registerControlMessageRoutes } from './message-routes';
import { registerControlPushRoutes } from './push-routes';
import { resetSandbox } from './reset-sandbox';
import { registerControlTenantRoutes } from './tenant-routes';

/** The sandbox's own JSON API for tests, benchmarks and demos (registered under /control). */
export async function controlRoutes(
  app: FastifyInstance,
  ctx: SandboxContext,
  controlToken?: string,
): Promise<void> {
  app.addHook('onRequest', createControlGuard(controlToken));
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    return sendControlError(reply, status, status >= 500 ? 'internal' : 'bad_request', error.message);
  });
  app.setNotFoundHandler((request, reply) =>
    sendControlError(reply, 404, 'not_found', `No control route ${request.method} ${request.url}.`),
  );

  app.get('/health', async () => ({ ok: true }));
  app.post('/reset', async () => {
    resetSandbox(ctx);
    return { ok: true };
  });
  registerControlMessageRoutes(app, ctx);
  registerControlMailboxRoutes(app, ctx);
  registerControlDelegateRoutes(app, ctx);
  registerControlTenantRoutes(app, ctx);
  registerControlFaultRoutes(app, ctx);
  registerControlPushRoutes(app, ctx);
  registerControlGmailPushRoutes(app, ctx);
}
