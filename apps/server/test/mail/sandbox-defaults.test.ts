import {
  SANDBOX_CLIENT_ID as SANDBOX_ID,
  SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY as SANDBOX_KEY,
  SANDBOX_CLIENT_SECRET as SANDBOX_SECRET,
  SANDBOX_PUBSUB_SUBSCRIPTION as SANDBOX_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC as SANDBOX_TOPIC,
  sandboxServiceAccountKey,
} from '@ledgerdesk/mail-sandbox';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../src/mail/core/mail-config';
import {
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  SANDBOX_SERVICE_ACCOUNT_EMAIL,
  SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY,
} from '../../src/mail/core/pubsub/sandbox-pubsub';

describe('sandbox client credentials', () => {
  it('match the sandbox defaults (the server may not import tools/)', () => {
    expect(SANDBOX_CLIENT_ID).toBe(SANDBOX_ID);
    expect(SANDBOX_CLIENT_SECRET).toBe(SANDBOX_SECRET);
  });

  it("match the sandbox's Pub/Sub topic, subscription and service account (Gmail push with nothing to set)", () => {
    expect(SANDBOX_PUBSUB_TOPIC).toBe(SANDBOX_TOPIC);
    expect(SANDBOX_PUBSUB_SUBSCRIPTION).toBe(SANDBOX_SUBSCRIPTION);
    expect(SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY).toBe(SANDBOX_KEY);
    expect(SANDBOX_SERVICE_ACCOUNT_EMAIL).toBe(sandboxServiceAccountKey('http://x').client_email);
  });
});
