import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redactLogSecrets } from './log-redaction';

/**
 * The one logger configuration of the server (requests and jobs alike): every line is written through
 * redactLogSecrets, so a secret in a URL (an invitation link's `token`, an OAuth `code`/`state`, a webhook's
 * `validationToken`) never reaches the log, whether it sits in Fastify's request line (`req.url`), a
 * "Route … not found" message or an error, and a Graph notification's `clientState` never does either.
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      streamWrite: redactLogSecrets,
      logMethod(args, method) {
        if (!isSaidOnce((args[0] as { err?: unknown } | undefined)?.err)) method.apply(this, args);
      },
    },
  };
}

/**
 * Errors the log says once, when their state begins: while the embedded database pauses changes for want of disk
 * space (decision 041, logged when it pauses and when it resumes), each background loop that meets the refusal
 * every second or two would otherwise log it again.
 */
const SAID_ONCE = new Set(['ChangesPausedError']);

function isSaidOnce(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if (SAID_ONCE.has((current as Error).name)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(loggerOptions(level), destination);
}
