import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import {
  addFault,
  clearFaults,
  type FaultStatus,
  GARBAGE_FAULTS,
  isAfterFault,
} from '../faults/fault-registry';
import { createGmailQuota } from '../quota/gmail-quota';
import { sendBadRequest } from './errors';

type Body = { Body: Record<string, unknown> | undefined };

const isProvider = (value: unknown): value is 'office365' | 'gmail' =>
  value === 'office365' || value === 'gmail';
const isPositive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Faults on demand and the providers' published rate limits. */
export function registerControlFaultRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.post<Body>('/faults', async (request, reply) => {
    const { provider, status, count, pathContains, retryAfterSeconds } = request.body ?? {};
    if (!isProvider(provider)) return sendBadRequest(reply, "provider must be 'office365' or 'gmail'.");
    const isGarbage = (GARBAGE_FAULTS as readonly unknown[]).includes(status);
    const isKnown = [429, 500, 503, 'timeout'].includes(status as never) || isGarbage || isAfterFault(status);
    if (!isKnown) {
      return sendBadRequest(
        reply,
        "status must be 429, 500, 503, 'timeout', 'html', 'empty', 'truncated', 'mismatched-ids', 'after-504', 'after-reset' or 'after-timeout'.",
      );
    }
    if (count !== undefined && (!Number.isInteger(count) || !isPositive(count))) {
      return sendBadRequest(reply, 'count must be a positive integer.');
    }
    if (pathContains !== undefined && typeof pathContains !== 'string')
      return sendBadRequest(reply, 'pathContains must be a string.');
    if (retryAfterSeconds !== undefined && (typeof retryAfterSeconds !== 'number' || retryAfterSeconds < 0)) {
      return sendBadRequest(reply, 'retryAfterSeconds must be a number of seconds.');
    }
    const fault = addFault(ctx.faults, {
      provider,
      status: status as FaultStatus,
      remaining: typeof count === 'number' ? count : 1,
      ...(pathContains ? { pathContains } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds: Math.ceil(retryAfterSeconds) } : {}),
    });
    return reply.code(201).send({ ...fault, count: fault.remaining });
  });

  app.get('/faults', async () => ({ faults: ctx.faults.faults }));

  // Provider API calls answered so far, per provider (a batch counts once), for tests and the benchmark.
  app.get('/stats', async () => ({ calls: { ...ctx.calls }, batches: { ...ctx.batches } }));

  app.delete('/faults', async () => {
    clearFaults(ctx.faults);
    return { ok: true };
  });

  app.post<Body>('/quotas', async (request, reply) => {
    const body = request.body ?? {};
    if (!isProvider(body.provider)) return sendBadRequest(reply, "provider must be 'office365' or 'gmail'.");
    if (typeof body.enabled !== 'boolean') return sendBadRequest(reply, 'enabled must be a boolean.');
    if (body.provider === 'gmail') {
      const quota = ctx.gmailQuota;
      quota.isEnabled = body.enabled;
      const defaults = createGmailQuota();
      quota.unitsPerSecond = isPositive(body.unitsPerSecond) ? body.unitsPerSecond : defaults.unitsPerSecond;
      quota.userUnitsPerMinute = isPositive(body.userUnitsPerMinute)
        ? body.userUnitsPerMinute
        : defaults.userUnitsPerMinute;
      quota.projectUnitsPerMinute = isPositive(body.projectUnitsPerMinute)
        ? body.projectUnitsPerMinute
        : defaults.projectUnitsPerMinute;
      quota.minuteMs = isPositive(body.minuteSeconds) ? body.minuteSeconds * 1000 : defaults.minuteMs;
      quota.buckets.clear();
      quota.minutes.clear();
      return {
        provider: 'gmail',
        enabled: quota.isEnabled,
        unitsPerSecond: quota.unitsPerSecond,
        userUnitsPerMinute: quota.userUnitsPerMinute,
        projectUnitsPerMinute: quota.projectUnitsPerMinute,
        minuteSeconds: quota.minuteMs / 1000,
      };
    }
    const throttle = ctx.graphThrottle;
    throttle.isEnabled = body.enabled;
    throttle.concurrency = isPositive(body.concurrency) ? Math.floor(body.concurrency) : 4;
    throttle.windowLimit = isPositive(body.requestsPerWindow) ? Math.floor(body.requestsPerWindow) : 10_000;
    throttle.windowMs = isPositive(body.windowSeconds) ? body.windowSeconds * 1000 : 600_000;
    throttle.windows.clear();
    throttle.inFlight.clear();
    return {
      provider: 'office365',
      enabled: throttle.isEnabled,
      concurrency: throttle.concurrency,
      requestsPerWindow: throttle.windowLimit,
      windowSeconds: throttle.windowMs / 1000,
    };
  });
}
