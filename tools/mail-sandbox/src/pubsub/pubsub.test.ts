import { createSign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GMAIL_MAILBOX } from '../defaults';
import { createHarness, type Harness, PUBLIC_URL } from '../test-support/harness';
import { PULL_HOLD_MS } from './hold-pull';
import {
  SANDBOX_PUBSUB_SUBSCRIPTION,
  SANDBOX_PUBSUB_TOPIC,
  SANDBOX_SERVICE_ACCOUNT_EMAIL,
  SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY,
} from './service-account';

let h: Harness;
let gmailToken = '';
let pubsubToken = '';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function assertion(claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
    iss: SANDBOX_SERVICE_ACCOUNT_EMAIL,
    scope: 'https://www.googleapis.com/auth/pubsub',
    aud: `${PUBLIC_URL}/google/token`,
    iat: now,
    exp: now + 3600,
    ...claims,
  })}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(SANDBOX_SERVICE_ACCOUNT_PRIVATE_KEY, 'base64url');
  return `${unsigned}.${signature}`;
}

const tokenFor = (jwt: string) =>
  h.call('POST', '/sandbox/google/token', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: jwt,
    }).toString(),
  });

const pubsub = (verb: 'pull' | 'acknowledge', body: object, token = pubsubToken) =>
  h.call('POST', `/sandbox/pubsub/v1/${SANDBOX_PUBSUB_SUBSCRIPTION}:${verb}`, { token, body });

type Received = { ackId: string; message: { data: string; messageId: string } };
/** A pull as the product sends it (held while nothing is there), or one answered at once. */
const pull = async (options: { returnImmediately?: boolean } = {}): Promise<Received[]> =>
  ((await pubsub('pull', { maxMessages: 100, ...options })).json() as { receivedMessages?: Received[] })
    .receivedMessages ?? [];
const pullNow = () => pull({ returnImmediately: true });
const decode = (received: Received) =>
  JSON.parse(Buffer.from(received.message.data, 'base64').toString('utf8'));

async function deliver(subject: string): Promise<void> {
  const answer = await h.control('POST', '/messages', {
    mailbox: DEFAULT_GMAIL_MAILBOX,
    from: 'pat@client.test',
    to: [DEFAULT_GMAIL_MAILBOX],
    subject,
    text: 'x',
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

/** Waits past the publisher's tick and Gmail's one-a-second spacing. */
const published = async (): Promise<Received[]> => {
  for (let attempt = 0; attempt < 30; attempt++) {
    const messages = await pull();
    if (messages.length > 0) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
};

beforeAll(async () => {
  h = await createHarness();
  gmailToken = (await h.connect('gmail')).accessToken;
  pubsubToken = ((await tokenFor(assertion())).json() as { access_token: string }).access_token;
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.control('DELETE', '/gmail-push/faults');
  await h.gmail('POST', '/watch', {
    token: gmailToken,
    body: { topicName: SANDBOX_PUBSUB_TOPIC, labelIds: ['INBOX'] },
  });
  const left = await pullNow();
  if (left.length > 0) await pubsub('acknowledge', { ackIds: left.map((m) => m.ackId) });
});

describe('the service account token (JWT bearer)', () => {
  it('answers a token for a signed assertion and refuses a forged, foreign or long-lived one', async () => {
    expect(pubsubToken).toMatch(/^ya29\./);
    const [head, body] = assertion().split('.');
    expect(
      (await tokenFor(`${head}.${body}.${Buffer.from('forged').toString('base64url')}`)).statusCode,
    ).toBe(400);
    expect((await tokenFor(assertion({ aud: 'https://elsewhere.test/token' }))).statusCode).toBe(400);
    const now = Math.floor(Date.now() / 1000);
    expect((await tokenFor(assertion({ exp: now + 7200 }))).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await pubsub('pull', { maxMessages: 1 }, 'ya29.unknown')).statusCode).toBe(401);
  });
});

describe('users.watch and the pull subscription', () => {
  it('validates the topic and labels, and answers the history id and a 7-day expiration', async () => {
    const bad = await h.gmail('POST', '/watch', { token: gmailToken, body: { topicName: 'gmail-push' } });
    expect(bad.statusCode).toBe(400);
    const unknown = await h.gmail('POST', '/watch', {
      token: gmailToken,
      body: { topicName: 'projects/ledgerdesk-sandbox/topics/other-topic' },
    });
    expect(unknown.statusCode).toBe(404);
    const label = await h.gmail('POST', '/watch', {
      token: gmailToken,
      body: { topicName: SANDBOX_PUBSUB_TOPIC, labelIds: ['NOPE'] },
    });
    expect(label.statusCode).toBe(400);
    const watch = await h.gmail('POST', '/watch', {
      token: gmailToken,
      body: { topicName: SANDBOX_PUBSUB_TOPIC, labelIds: ['INBOX', 'SENT'], labelFilterBehavior: 'include' },
    });
    expect(watch.statusCode).toBe(200);
    const answer = watch.json() as { historyId: string; expiration: string };
    expect(Number(answer.expiration) - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(Number(answer.historyId)).toBeGreaterThan(0);
  });

  it('publishes {emailAddress, historyId} for a change, coalesced to one a second, and leases a pulled message until its ack deadline', async () => {
    await deliver('First');
    await deliver('Second');
    const first = await published();
    expect(first).toHaveLength(1);
    const note = decode(first[0] as Received);
    expect(note.emailAddress).toBe(DEFAULT_GMAIL_MAILBOX);
    expect(Number(note.historyId)).toBeGreaterThan(0);
    // Not acknowledged: after the ack deadline (10 s) it comes back; a pull before then does not see it.
    expect(await pullNow()).toHaveLength(0);
    await pubsub('acknowledge', { ackIds: first.map((m) => m.ackId) });
  });

  it('holds an empty pull open and answers it as soon as a notification is published', async () => {
    const started = Date.now();
    const held = pull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await deliver('While held');
    const messages = await held;
    expect(messages).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThan(PULL_HOLD_MS);
    await pubsub('acknowledge', { ackIds: messages.map((m) => m.ackId) });
  });

  it('answers an empty pull after holding it for a bounded time', async () => {
    const started = Date.now();
    expect(await pull()).toHaveLength(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(PULL_HOLD_MS - 50);
  });

  it('drops and duplicates on demand, and stop ends the notifications', async () => {
    await h.control('POST', '/gmail-push/faults', { duplicateShare: 1 });
    await deliver('Twice');
    const twice = await published();
    expect(twice).toHaveLength(2);
    expect(twice[0]?.message.messageId).toBe(twice[1]?.message.messageId);
    await pubsub('acknowledge', { ackIds: twice.map((m) => m.ackId) });
    await h.control('POST', '/gmail-push/faults', { duplicateShare: 0, dropShare: 1 });
    await h.control('DELETE', '/push-faults/dropped');
    await deliver('Lost');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await pullNow()).toHaveLength(0);
    // The bench leaves the messages whose notification was dropped out of the faults row's target.
    expect((await h.control('GET', '/push-faults/dropped')).json()).toEqual({
      messages: [{ mailbox: DEFAULT_GMAIL_MAILBOX, subject: 'Lost' }],
    });
    await h.control('DELETE', '/gmail-push/faults');
    expect((await h.gmail('POST', '/stop', { token: gmailToken })).statusCode).toBe(204);
    await deliver('Unwatched');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await pullNow()).toHaveLength(0);
  });

  it('refuses a watch with 403 on demand', async () => {
    await h.control('POST', '/gmail-push/faults', { refuseWatch: 1 });
    const refused = await h.gmail('POST', '/watch', {
      token: gmailToken,
      body: { topicName: SANDBOX_PUBSUB_TOPIC },
    });
    expect(refused.statusCode).toBe(403);
    const next = await h.gmail('POST', '/watch', {
      token: gmailToken,
      body: { topicName: SANDBOX_PUBSUB_TOPIC },
    });
    expect(next.statusCode).toBe(200);
  });

  it('hides a new message from one history read: lagging (history id held back) or skipped', async () => {
    const start = (await h.gmail('GET', '/profile', { token: gmailToken })).json().historyId as string;
    await h.control('POST', '/gmail-push/faults', {
      hideFromHistory: { mailbox: DEFAULT_GMAIL_MAILBOX, mode: 'lag' },
    });
    await deliver('Hidden once');
    const lagging = (
      await h.gmail('GET', '/history', { token: gmailToken, query: { startHistoryId: start } })
    ).json();
    expect(lagging.history).toBeUndefined();
    expect(lagging.historyId).toBe(start);
    const next = (
      await h.gmail('GET', '/history', { token: gmailToken, query: { startHistoryId: start } })
    ).json();
    expect(next.history?.length).toBeGreaterThan(0);
    await h.control('POST', '/gmail-push/faults', {
      hideFromHistory: { mailbox: DEFAULT_GMAIL_MAILBOX, mode: 'skip' },
    });
    await deliver('Skipped');
    const skipped = (
      await h.gmail('GET', '/history', { token: gmailToken, query: { startHistoryId: next.historyId } })
    ).json();
    expect(skipped.history).toBeUndefined();
    expect(Number(skipped.historyId)).toBeGreaterThan(Number(next.historyId));
  });
});
