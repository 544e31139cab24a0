import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../http/app-error';
import { parseInput } from '../http/parse-input';
import type { AdjustableClock } from './clock';

const advanceSchema = z.strictObject({
  ms: z
    .int()
    .min(1)
    .max(400 * 86_400_000),
});

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * POST /api/test/clock/advance {ms}: moves the server's clock forward, for browser journeys that must see a
 * snooze return without waiting. Mounted only with TEST_CLOCK_CONTROL=on, and answers loopback callers only.
 */
export async function clockRoutes(app: FastifyInstance, options: { clock: AdjustableClock }): Promise<void> {
  app.post('/api/test/clock/advance', async (request) => {
    if (!LOOPBACK.test(request.socket.remoteAddress ?? ''))
      throw forbidden('Only local callers may move the clock.');
    const { ms } = parseInput(advanceSchema, request.body);
    options.clock.advance(ms);
    return { now: options.clock.now().toISOString() };
  });
}
