import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGraphDelivery, type GraphDelivery } from './graph-delivery';

/** A webhook on loopback answering each post with the next of `answers` (status, after a delay). */
async function webhook(answers: Array<{ status: number; afterMs?: number }>) {
  const posts: number[] = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      posts.push(Date.now());
      const answer = answers[posts.length - 1] ?? answers[answers.length - 1] ?? { status: 202 };
      setTimeout(() => response.writeHead(answer.status).end(), answer.afterMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, posts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const waitUntil = async (check: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('Graph notification delivery (as Graph delivers to a webhook)', () => {
  let delivery: GraphDelivery | null = null;
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await delivery?.stop();
    for (const close of closers.splice(0)) await close();
  });
  // Graph's schedule a thousand times faster: the first retry after 60 ms, throttling windows of 600 ms.
  const start = () => {
    delivery = createGraphDelivery({ timeScale: () => 0.001, extraDelayMs: () => 0 });
    return delivery;
  };

  it('redelivers a refused or failed post with growing waits until the endpoint takes it', async () => {
    const hook = await webhook([{ status: 500 }, { status: 429 }, { status: 202 }]);
    closers.push(hook.close);
    start().send(hook.url, [{ subscriptionId: 'a' }]);
    await waitUntil(() => hook.posts.length >= 3, 3000);
    expect(hook.posts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = hook.posts;
    expect(second - first).toBeGreaterThanOrEqual(55);
    expect(third - second).toBeGreaterThanOrEqual(110);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hook.posts).toHaveLength(3);
  });

  it('gives up on a post after 3 s, counts it slow, and drops a slow endpoint’s notifications', async () => {
    const hook = await webhook([{ status: 202, afterMs: 3500 }, { status: 202 }]);
    closers.push(hook.close);
    const graph = start();
    const batch = Array.from({ length: 100 }, (_, index) => ({ subscriptionId: `s${index}` }));
    const sent = Date.now();
    graph.send(hook.url, batch);
    await waitUntil(() => graph.endpoint(hook.url).slow > 0, 5000);
    // Timed out at Graph's 3 s, not at the endpoint's 3.5 s.
    expect(Date.now() - sent).toBeLessThan(3400);
    expect(graph.endpoint(hook.url)).toMatchObject({ state: 'dropping', notifications: 100, slow: 100 });
    graph.send(hook.url, [{ subscriptionId: 'late' }]);
    expect(graph.endpoint(hook.url).dropped).toBe(1);
  }, 10_000);
});
