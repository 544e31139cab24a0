import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ChangesPausedError } from '../db/disk-guard';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('says a paused-changes refusal once (where changes pause), not for every loop that meets it', () => {
    const lines: string[] = [];
    const log = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    log.error({ err: new ChangesPausedError() }, 'fetching a job failed');
    log.error(
      { err: new Error('wrapped', { cause: new ChangesPausedError() }) },
      'requesting a sync round failed',
    );
    log.error({ err: new Error('something else') }, 'a job run failed unexpectedly');
    log.info('plain line');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      'a job run failed unexpectedly',
      'plain line',
    ]);
  });
});
