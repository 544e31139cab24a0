import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it('recognises a server that is down, restarting or dropped the connection, through wrappers', () => {
    for (const cause of [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
    ]) {
      expect(isDatabaseUnavailable(cause), cause.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(wrapped(cause))), cause.message).toBe(true);
    }
  });

  it('leaves a query the database refused, and any other error, to be what it is', () => {
    for (const error of [
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      Object.assign(new Error('new row violates row-level security policy'), { code: '42501' }),
      new TypeError('cannot read properties of undefined'),
      // A socket error alone may be a mail provider's host: the error handler probes the database for those.
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      wrapped(new Error('syntax error')),
      null,
      'ECONNREFUSED',
    ])
      expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
