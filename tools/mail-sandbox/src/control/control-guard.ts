import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendControlError } from './errors';

export const CONTROL_TOKEN_HEADER = 'x-sandbox-control-token';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A caller on this machine that no proxy forwarded: a proxy in front would make everyone look local. */
function isLoopbackCaller(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

function presentsToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers[CONTROL_TOKEN_HEADER];
  const bearer = request.headers.authorization?.replace(/^Bearer\s+/i, '');
  const given = Buffer.from(String(typeof header === 'string' ? header : (bearer ?? '')));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The control API can read, rewrite and reset every sandbox mailbox, so it answers loopback callers and
 * callers presenting the control token only; a state-changing call must be JSON (or bodiless) from the
 * sandbox's own origin or no origin, so a cross-site form or fetch cannot drive it from a browser.
 */
export function createControlGuard(controlToken: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopbackCaller(request) && !presentsToken(request, controlToken)) {
      return sendControlError(
        reply,
        401,
        'unauthorized',
        `The control API answers loopback callers, or callers sending the control token in ${CONTROL_TOKEN_HEADER}.`,
      );
    }
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `${request.protocol}://${request.headers.host}`) {
      return sendControlError(reply, 403, 'forbidden', 'Cross-origin control calls are not allowed.');
    }
    const type = request.headers['content-type'];
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    if ((type !== undefined || hasBody) && !/^application\/json\s*(;|$)/i.test(type ?? '')) {
      return sendControlError(reply, 415, 'unsupported_media_type', 'Control calls take JSON bodies only.');
    }
  };
}
