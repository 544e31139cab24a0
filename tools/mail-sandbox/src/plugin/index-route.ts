import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX, SANDBOX_CLIENT_ID } from '../defaults';

/** GET / (the plugin root): where everything is, for a newcomer poking at the sandbox. */
export function registerIndexRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get('/', async () => {
    const base = ctx.publicUrl();
    return {
      name: 'Ledgerdesk mail sandbox',
      clientId: SANDBOX_CLIENT_ID,
      mailboxes: [...ctx.store.mailboxes.values()].map((mailbox) => ({
        address: mailbox.address,
        provider: mailbox.provider,
        messages: mailbox.liveCount,
      })),
      defaults: { office365: DEFAULT_OFFICE365_MAILBOX, gmail: DEFAULT_GMAIL_MAILBOX },
      config: {
        MICROSOFT_LOGIN_URL: `${base}/microsoft`,
        MICROSOFT_GRAPH_URL: `${base}/graph`,
        GOOGLE_AUTH_URL: `${base}/google/o/oauth2/v2/auth`,
        GOOGLE_TOKEN_URL: `${base}/google/token`,
        GMAIL_API_URL: `${base}/gmail`,
      },
      control: `${base}/control`,
    };
  });
}
