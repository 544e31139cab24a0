export {
  DEFAULT_GMAIL_MAILBOX,
  DEFAULT_OFFICE365_MAILBOX,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
} from './defaults';
export type { MailSandboxOptions } from './options';
export { mailSandboxPlugin } from './plugin/mail-sandbox-plugin';
export type { RunningMailSandbox, StartMailSandboxOptions } from './start-mail-sandbox';
export { startMailSandbox } from './start-mail-sandbox';
