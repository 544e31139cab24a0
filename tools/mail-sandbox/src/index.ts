export {
  DEFAULT_GMAIL_MAILBOX,
  DEFAULT_OFFICE365_MAILBOX,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
} from './defaults';
export type { MailSandboxOptions } from './options';
export { mailSandboxPlugin } from './plugin/mail-sandbox-plugin';
export { PULL_HOLD_MS } from './pubsub/hold-pull';
export {
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY,
  sandboxServiceAccountKey,
} from './pubsub/service-account';
export type { RunningMailSandbox, StartMailSandboxOptions } from './start-mail-sandbox';
export { startMailSandbox } from './start-mail-sandbox';
