import { describe, expect, it } from 'vitest';
import { shouldMountSandbox } from './sandbox-mode';

const microsoftOnly = { MICROSOFT_CLIENT_ID: 'id', GOOGLE_CLIENT_ID: undefined };
const both = { MICROSOFT_CLIENT_ID: 'id', GOOGLE_CLIENT_ID: 'id' };

describe('shouldMountSandbox', () => {
  it('never mounts it in production on auto, even when a provider lacks credentials', () => {
    expect(shouldMountSandbox({ MAIL_SANDBOX: 'auto', NODE_ENV: 'production', ...microsoftOnly })).toBe(
      false,
    );
    expect(
      shouldMountSandbox({
        MAIL_SANDBOX: 'auto',
        NODE_ENV: 'production',
        MICROSOFT_CLIENT_ID: undefined,
        GOOGLE_CLIENT_ID: undefined,
      }),
    ).toBe(false);
  });

  it('mounts it in production only when MAIL_SANDBOX=on says so', () => {
    expect(shouldMountSandbox({ MAIL_SANDBOX: 'on', NODE_ENV: 'production', ...both })).toBe(true);
  });

  it('mounts it in development when a provider lacks credentials, and not when both have them', () => {
    expect(shouldMountSandbox({ MAIL_SANDBOX: 'auto', NODE_ENV: 'development', ...microsoftOnly })).toBe(
      true,
    );
    expect(shouldMountSandbox({ MAIL_SANDBOX: 'auto', NODE_ENV: 'development', ...both })).toBe(false);
  });

  it('never mounts it when MAIL_SANDBOX=off', () => {
    expect(shouldMountSandbox({ MAIL_SANDBOX: 'off', NODE_ENV: 'development', ...microsoftOnly })).toBe(
      false,
    );
  });
});
