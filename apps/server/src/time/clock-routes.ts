import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../http/app-error';
import { defineRoute } from '../http/define-route';
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
  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/test/clock/advance',
      summary: 'Move the server clock forward (TEST_CLOCK_CONTROL=on only, loopback callers only).',
      auth: 'public',
      beforeInput: (request) => {
        if (!LOOPBACK.test(request.socket.remoteAddress ?? ''))
          throw forbidden('Only local callers may move the clock.');
      },
      body: advanceSchema,
    },
    async ({ body: { ms } }) => {
      options.clock.advance(ms);
      return { now: options.clock.now().toISOString() };
    },
  );
}
