// Child process: the mail sandbox on its own port (the providers are remote services, so the sandbox's
// work is not billed to the app's event loop), with request counters for the sync benchmark.
import { mailSandboxPlugin } from '@ledgerdesk/mail-sandbox';
import Fastify from 'fastify';
import { READY_PREFIX } from '../infra/child-process';

type Counters = {
  requests: number;
  batches: number;
  batchSteps: number;
  throttled: number;
  stepMs: number[];
};
const fresh = (): Record<'graph' | 'gmail', Counters> => ({
  graph: { requests: 0, batches: 0, batchSteps: 0, throttled: 0, stepMs: [] },
  gmail: { requests: 0, batches: 0, batchSteps: 0, throttled: 0, stepMs: [] },
});
const SAMPLES_KEPT = 50_000;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

function providerOf(url: string): 'graph' | 'gmail' | null {
  if (url.startsWith('/sandbox/graph/')) return 'graph';
  if (url.startsWith('/sandbox/gmail/')) return 'gmail';
  return null;
}

async function main(): Promise<void> {
  const port = Number(process.env.BENCH_SANDBOX_PORT);
  const publicUrl = `http://127.0.0.1:${port}/sandbox`;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let counters = fresh();
  // Batch steps replay through inject, so they pass here too, marked with x-sandbox-batch.
  app.addHook('onResponse', async (request, reply) => {
    const provider = providerOf(request.url);
    if (!provider) return;
    const counter = counters[provider];
    const isBatchEnvelope = request.url.includes('$batch') || request.url.includes('/batch/');
    if (request.headers['x-sandbox-batch']) counter.batchSteps++;
    else if (isBatchEnvelope) counter.batches++;
    else counter.requests++;
    if (reply.statusCode === 429) counter.throttled++;
    // Service time of single API calls (batch steps included, envelopes not): the provider's own latency.
    else if (!isBatchEnvelope && counter.stepMs.length < SAMPLES_KEPT) counter.stepMs.push(reply.elapsedTime);
  });
  await app.register(mailSandboxPlugin, { prefix: '/sandbox', publicUrl, seed: false });
  app.get('/bench/stats', async () => {
    const view = (counter: Counters) => ({
      ...counter,
      stepMs: undefined,
      medianStepMs: median(counter.stepMs),
    });
    return { graph: view(counters.graph), gmail: view(counters.gmail) };
  });
  app.post('/bench/stats/reset', async () => {
    counters = fresh();
    return { ok: true };
  });
  await app.listen({ port, host: '127.0.0.1' });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ url: publicUrl })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
