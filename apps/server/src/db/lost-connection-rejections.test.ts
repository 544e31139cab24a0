import { describe, expect, it, vi } from 'vitest';
import { ChangesPausedError } from './disk-guard';
import { handleUnhandledRejection } from './lost-connection-rejections';

describe('handleUnhandledRejection', () => {
  const log = () => ({ warn: vi.fn(), fatal: vi.fn() });

  it('lets the process live through a rejection of a lost database connection (pg-boss completing a job)', () => {
    for (const reason of [
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      // A write refused for want of disk space, by PostgreSQL or the embedded database's own pause (decision 041).
      Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), {
        code: '53100',
      }),
      new ChangesPausedError(),
    ]) {
      const logged = log();
      const exit = vi.fn();
      handleUnhandledRejection(reason, logged, exit);
      expect(exit, reason.message).not.toHaveBeenCalled();
      expect(logged.warn).toHaveBeenCalledOnce();
    }
  });

  it('ends the process on any other unhandled rejection, as Node would', () => {
    for (const reason of [new TypeError('x is undefined'), 'a string', null]) {
      const logged = log();
      const exit = vi.fn();
      handleUnhandledRejection(reason, logged, exit);
      expect(exit).toHaveBeenCalledWith(1);
      expect(logged.fatal).toHaveBeenCalledOnce();
    }
  });
});
