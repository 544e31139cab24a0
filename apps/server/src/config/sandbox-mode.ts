import type { Env } from './env';

/**
 * Whether the mail sandbox is mounted under /sandbox/. `MAIL_SANDBOX=on` mounts it and `off` never does; `auto`
 * mounts it in development and tests when a provider has no credentials, and never in production, where a
 * deployment configured for one provider must not serve a fake one (and its control API) to the internet.
 */
export function shouldMountSandbox(
  env: Pick<Env, 'MAIL_SANDBOX' | 'NODE_ENV' | 'MICROSOFT_CLIENT_ID' | 'GOOGLE_CLIENT_ID'>,
): boolean {
  if (env.MAIL_SANDBOX !== 'auto') return env.MAIL_SANDBOX === 'on';
  if (env.NODE_ENV === 'production') return false;
  return !env.MICROSOFT_CLIENT_ID || !env.GOOGLE_CLIENT_ID;
}
