import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { redactLogSecrets } from './log-redaction';

/**
 * The one logger configuration of the server (requests and jobs alike): every line is written through
 * redactLogSecrets, so a secret in a URL (an invitation link's `token`, an OAuth `code`/`state`, a webhook's
 * `validationToken`) never reaches the log, whether it sits in Fastify's request line (`req.url`), a
 * "Route … not found" message or an error, and a Graph notification's `clientState` never does either.
 */
export function loggerOptions(level: string): LoggerOptions {
  return { level, hooks: { streamWrite: redactLogSecrets } };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(loggerOptions(level), destination);
}
