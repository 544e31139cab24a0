import type { Env } from './env';

/**
 * How often a Microsoft 365 shared mailbox without live updates is polled (decision 028): SHARED_MAILBOX_POLL_SECONDS
 * when the fleet runs and that is shorter than its round; null when the round already polls as often.
 */
export function sharedPollSeconds(env: Pick<Env, 'SHARED_MAILBOX_POLL_SECONDS' | 'SYNC_INTERVAL_SECONDS'>) {
  const seconds = env.SHARED_MAILBOX_POLL_SECONDS;
  return env.SYNC_INTERVAL_SECONDS > 0 && seconds > 0 && seconds < env.SYNC_INTERVAL_SECONDS ? seconds : null;
}
