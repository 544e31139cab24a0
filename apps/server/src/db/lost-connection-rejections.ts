import { isDatabaseUnavailable } from './database-unavailable';
import { isStorageFailure, pgErrorInfo } from './pg-error';

/** Socket errors of a connection that went away (the database's here: only its clients run unawaited). */
const LOST_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

type Log = { warn(object: object, message: string): void; fatal(object: object, message: string): void };

/**
 * What the process does with a promise rejection nobody handled. pg-boss 10 completes a finished job without
 * awaiting it (`Manager.watch`: `this.complete(...)` in a try that does not catch it), so a database that goes away
 * between a job's end and its completion rejects into the void, and Node's default ends the process (decision
 * 035). Such a rejection — the database unreachable or its connection lost — is logged and the process goes on:
 * the job stays active and is taken over as any dead node's job is (decision 034). Anything else is a bug and
 * still ends the process, as Node would. A write refused for want of disk space (53100, or the embedded database's
 * own pause, decision 041) is a pause too.
 */
export function handleUnhandledRejection(reason: unknown, log: Log, exit: (code: number) => void): void {
  const code = (reason as { code?: unknown } | null)?.code;
  if (isDatabaseUnavailable(reason) || (typeof code === 'string' && LOST_SOCKET_CODES.has(code))) {
    log.warn({ err: reason }, 'a database call nobody awaited failed while the database was away');
    return;
  }
  // The same call refused for want of disk space (decision 041): changes resume with space, the job with them.
  if (isStorageFailure(pgErrorInfo(reason))) {
    log.warn({ err: reason }, 'a database call nobody awaited could not write: the disk is full');
    return;
  }
  log.fatal({ err: reason }, 'unhandled promise rejection');
  exit(1);
}
