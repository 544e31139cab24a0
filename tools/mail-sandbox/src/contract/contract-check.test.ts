import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test-support/harness';
import { checkValue, compileMatchers, locate } from './check-call';
import { loadDescription } from './description';
import { withSupplements } from './supplements';

const description = withSupplements(loadDescription());

describe('provider contract check', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    // Each test empties the violations it provoked on purpose; close() fails on any other.
    await h?.close();
    h = undefined;
  });

  const expectRefused = async (
    answer: { statusCode: number; json(): unknown },
    violation: string,
    harness: Harness,
  ) => {
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain(`contract: ${violation}`);
    expect(harness.contractViolations).toEqual([violation]);
    harness.contractViolations.length = 0;
  };

  it('answers 400 "contract" to a Graph path the description does not have', async () => {
    h = await createHarness();
    const { accessToken } = await h.connect('office365');
    const answer = await h.graph('GET', '/me/messagez', { token: accessToken });
    await expectRefused(answer, 'graph GET /users/me/messagez: the description has no such path', h);
  });

  it('answers 400 "contract" to a method the description does not have on a known path', async () => {
    h = await createHarness();
    const { accessToken } = await h.connect('gmail');
    const answer = await h.gmail('PUT', '/messages', { token: accessToken });
    await expectRefused(
      answer,
      'gmail PUT /gmail/v1/users/{userId}/messages: method not described (described: GET, POST)',
      h,
    );
  });

  it('answers 400 "contract" to a query parameter the description does not have', async () => {
    h = await createHarness();
    const { accessToken } = await h.connect('office365');
    const answer = await h.graph('GET', '/me/messages', {
      token: accessToken,
      query: { $top: '5', since: 'x' },
    });
    await expectRefused(answer, "graph GET /users/{user-id}/messages: unknown query parameter 'since'", h);
  });

  it('answers 400 "contract" to a body field the description does not have, nested too', async () => {
    h = await createHarness();
    const { accessToken } = await h.connect('gmail');
    const answer = await h.gmail('POST', '/messages/batchModify', {
      token: accessToken,
      body: { ids: ['1'], addLabelIds: ['STARRED'], removeLabels: ['UNREAD'] },
    });
    await expectRefused(
      answer,
      "gmail POST /gmail/v1/users/{userId}/messages/batchModify: request body field '$.removeLabels' is not in gmail:BatchModifyMessagesRequest",
      h,
    );
    const { accessToken: graphToken } = await h.connect('office365');
    const nested = await h.graph('POST', '/me/sendMail', {
      token: graphToken,
      body: {
        message: { subject: 'x', toRecipients: [{ emailAddress: { address: 'a@b.test', label: 'A' } }] },
      },
    });
    await expectRefused(
      nested,
      "graph POST /users/{user-id}/sendMail: request body field '$.message.toRecipients[0].emailAddress.label' is not in graph:EmailAddress",
      h,
    );
  });

  it('lets a test name the violation it means to send, and only that one', async () => {
    const violation = 'graph GET /users/me/messagez: the description has no such path';
    h = await createHarness({ contractAllow: [violation] });
    const { accessToken } = await h.connect('office365');
    const answer = await h.graph('GET', '/me/messagez', { token: accessToken });
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain("Resource not found for the segment 'messagez'");
    expect(h.contractViolations).toEqual([]);
  });

  it('fails the harness on close when a violation was met and not named', async () => {
    const harness = await createHarness();
    const { accessToken } = await harness.connect('gmail');
    await harness.gmail('GET', '/messages', { token: accessToken, query: { pageSize: '5' } });
    await expect(harness.close()).rejects.toThrow(/unknown query parameter 'pageSize'/);
  });
});

describe('provider contract description', () => {
  const matchers = compileMatchers(description);
  const operation = (api: 'graph' | 'gmail' | 'pubsub', method: string, path: string) => {
    const located = locate(matchers, api, method, path);
    if ('violation' in located) throw new Error(located.violation);
    return located.operation;
  };

  it('reports an answer field the resource type does not promise, and accepts delta @removed items', () => {
    const get = operation('graph', 'GET', '/users/me/messages/AAA');
    expect(
      checkValue(description, get, 'graph:Message', { id: 'a', isRead: true, unread: true }, 'answer'),
    ).toEqual([
      "graph GET /users/{user-id}/messages/{message-id}: answer field '$.unread' is not in graph:Message",
    ]);
    const delta = operation('graph', 'GET', '/users/me/mailFolders/inbox/messages/delta');
    const page = { '@odata.deltaLink': 'x', value: [{ id: 'a', '@removed': { reason: 'deleted' } }] };
    expect(checkValue(description, delta, delta.response ?? '', page, 'answer')).toEqual([]);
    expect(checkValue(description, get, 'graph:Message', { id: 'a', '@removed': {} }, 'answer')).toHaveLength(
      1,
    );
  });

  it('checks a Graph object against the derived type its @odata.type names', () => {
    const get = operation('graph', 'GET', '/users/me/messages/AAA/attachments/BBB');
    const file = { '@odata.type': '#microsoft.graph.fileAttachment', id: 'b', contentBytes: 'eA==' };
    expect(checkValue(description, get, 'graph:Attachment', file, 'answer')).toEqual([]);
    expect(
      checkValue(description, get, 'graph:Attachment', { id: 'b', contentBytes: 'eA==' }, 'answer'),
    ).toHaveLength(1);
  });

  it('knows Pub/Sub pull and acknowledge on any subscription name', () => {
    expect(operation('pubsub', 'POST', '/v1/projects/p/subscriptions/s:pull').response).toBe(
      'pubsub:PullResponse',
    );
    expect(locate(matchers, 'pubsub', 'POST', '/v1/projects/p/subscriptions/s:seek')).toHaveProperty(
      'violation',
    );
  });
});
