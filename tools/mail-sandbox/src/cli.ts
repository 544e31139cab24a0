import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX, DEFAULT_STANDALONE_PORT } from './defaults';
import { startMailSandbox } from './start-mail-sandbox';

const port = Number(process.env.PORT ?? DEFAULT_STANDALONE_PORT);
const sandbox = await startMailSandbox({
  port,
  ...(process.env.HOST ? { host: process.env.HOST } : {}),
  ...(process.env.SANDBOX_STATE_FILE ? { stateFile: process.env.SANDBOX_STATE_FILE } : {}),
});

console.log(`Mail sandbox listening at ${sandbox.url}
  Office 365 mailbox  ${DEFAULT_OFFICE365_MAILBOX}
  Gmail mailbox       ${DEFAULT_GMAIL_MAILBOX}
  MICROSOFT_LOGIN_URL=${sandbox.url}/microsoft
  MICROSOFT_GRAPH_URL=${sandbox.url}/graph
  GOOGLE_AUTH_URL=${sandbox.url}/google/o/oauth2/v2/auth
  GOOGLE_TOKEN_URL=${sandbox.url}/google/token
  GMAIL_API_URL=${sandbox.url}/gmail
  Control API: ${sandbox.url}/control/health`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
