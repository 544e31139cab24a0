import {
  PULL_HOLD_MS,
  type RunningMailSandbox,
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  sandboxServiceAccountKey,
  startMailSandbox,
} from '@ledgerdesk/mail-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPubSubClient, type PubSubClient } from '../../src/mail/core/pubsub/pubsub-client';
import { parseServiceAccountKey } from '../../src/mail/core/pubsub/service-account-key';
import { type ControlClient, controlClient } from '../mail/support/mail-harness';

const notification = (historyId: number) =>
  Buffer.from(JSON.stringify({ emailAddress: 'pat@firm.test', historyId })).toString('base64');

/** The Pub/Sub pull is a long poll (the sandbox holds an empty pull): no database, the client against the sandbox. */
describe('Pub/Sub pull as a long poll', () => {
  let sandbox: RunningMailSandbox;
  let control: ControlClient;
  let pubsub: PubSubClient;
  beforeAll(async () => {
    sandbox = await startMailSandbox({ port: 0, seed: false, contract: {} });
    control = controlClient(sandbox.url);
    pubsub = createPubSubClient({
      topic: SANDBOX_PUBSUB_TOPIC,
      subscription: SANDBOX_PUBSUB_SUBSCRIPTION,
      url: `${sandbox.url}/pubsub`,
      key: parseServiceAccountKey(JSON.stringify(sandboxServiceAccountKey(sandbox.url))),
    });
  });
  afterAll(async () => sandbox?.close());

  it('keeps a held pull open past 3 s and receives what is published then, not after an ack deadline', async () => {
    const started = Date.now();
    const pulled = pubsub.pull(100);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await control('POST', '/gmail-push/messages', { data: notification(42) });
    const messages = await pulled;
    expect(messages.map((message) => message.data)).toEqual([notification(42)]);
    expect(Date.now() - started).toBeLessThan(PULL_HOLD_MS);
    await pubsub.acknowledge(messages.map((message) => message.ackId));
  });

  it('answers an empty pull once the service lets it go', async () => {
    const started = Date.now();
    expect(await pubsub.pull(100)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(PULL_HOLD_MS - 100);
  });

  it('abandons a held pull at once when stopped (shutdown), and a stopped pull is not sent', async () => {
    const stop = new AbortController();
    const started = Date.now();
    const pulled = pubsub.pull(100, stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop.abort();
    expect(await pulled).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await pubsub.pull(100, stop.signal)).toEqual([]);
  });
});
