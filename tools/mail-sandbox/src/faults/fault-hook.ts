import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { type FaultTarget, faultBody, faultTarget, gatewayTimeoutBody } from './fault-bodies';
import { type AfterFault, isAfterFault, takeFault } from './fault-registry';

/** Longer than the 60 s the brief promises clients will wait in vain. */
const HOLD_MS = 65_000;

/** onRequest hook: answers armed faults with the provider's real error, or holds the request ('timeout'). */
export function createFaultHook(ctx: SandboxContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const target = faultTarget(request.url.slice(ctx.prefix.length));
    if (!target) return undefined;
    if (!request.headers['x-sandbox-batch']) {
      ctx.calls[target.provider] += 1;
      if (/\/\$batch|\/batch\//.test(request.url)) ctx.batches[target.provider] += 1;
    }
    const fault = takeFault(ctx.faults, target.provider, request.url);
    if (!fault) return undefined;
    if (fault.status === 'timeout') {
      await hold(ctx, request, reply, target);
      return reply;
    }
    if (fault.status === 'html') {
      return reply
        .code(200)
        .type('text/html')
        .send(
          '<html><head><title>Service error</title></head><body><h1>Something went wrong</h1></body></html>',
        );
    }
    if (fault.status === 'empty') return reply.code(200).type('application/json').send('');
    if (isAfterFault(fault.status)) {
      afterFaults.set(request, { status: fault.status, target });
      return undefined;
    }
    if (fault.status === 'truncated' || fault.status === 'mismatched-ids') {
      answerRewrites.set(request, fault.status);
      return undefined;
    }
    if (fault.retryAfterSeconds !== undefined && fault.status !== 500) {
      reply.header('Retry-After', String(fault.retryAfterSeconds));
    }
    return reply.code(fault.status).send(faultBody(target, fault.status));
  };
}

const answerRewrites = new WeakMap<FastifyRequest, 'truncated' | 'mismatched-ids'>();
const afterFaults = new WeakMap<FastifyRequest, { status: AfterFault; target: FaultTarget }>();

/**
 * onSend hook for the half-successes: the route has done its work (a send went out, its copy is in Sent); only
 * then is the answer lost — replaced by a gateway's 504, or the connection dropped at once ('after-reset') or
 * after the hold ('after-timeout'). A route that failed keeps its own answer: nothing happened to hide.
 */
export function createAfterFaultHook(ctx: SandboxContext) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const fault = afterFaults.get(request);
    if (!fault || reply.statusCode >= 400) return payload;
    afterFaults.delete(request);
    if (fault.status === 'after-504' || request.headers['x-sandbox-batch']) {
      reply.code(504).type('application/json; charset=utf-8');
      return JSON.stringify(gatewayTimeoutBody(fault.target));
    }
    if (fault.status === 'after-timeout') await held(ctx);
    const socket = request.raw.socket as { destroy?: () => void } | undefined;
    socket?.destroy?.();
    return payload;
  };
}

/** Waits as a 'timeout' fault holds a request: until the hold runs out or the sandbox closes. */
function held(ctx: SandboxContext): Promise<void> {
  return new Promise<void>((resolve) => {
    const release = (): void => {
      clearTimeout(timer);
      ctx.held.delete(release);
      resolve();
    };
    const timer = setTimeout(release, HOLD_MS);
    ctx.held.add(release);
  });
}

/** onSend hook: spoils the answer of a request armed with 'truncated' or 'mismatched-ids'. */
export function createAnswerRewriteHook() {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const rewrite = answerRewrites.get(request);
    if (!rewrite || typeof payload !== 'string') return payload;
    answerRewrites.delete(request);
    if (rewrite === 'truncated') return payload.slice(0, Math.floor(payload.length / 2));
    return payload.replace(
      /Content-ID: <response-[^>]*>/gi,
      () => `Content-ID: <response-${Math.random().toString(36).slice(2)}>`,
    );
  };
}

function hold(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  target: FaultTarget,
): Promise<void> {
  return new Promise<void>((resolve) => {
    const release = (): void => {
      clearTimeout(timer);
      ctx.held.delete(release);
      if (request.headers['x-sandbox-batch']) {
        // A replayed batch part has no socket to drop: answer it as a gateway timeout instead.
        void reply.code(504).send(gatewayTimeoutBody(target));
      } else {
        reply.hijack();
        const socket = request.raw.socket as { destroy?: () => void } | undefined;
        socket?.destroy?.();
      }
      resolve();
    };
    const timer = setTimeout(release, HOLD_MS);
    ctx.held.add(release);
  });
}
