import { describe, expect, it } from 'vitest';
import { commandLine } from './results';

describe('commandLine', () => {
  it('repeats the BENCH_ variables and the options, with passwords masked', () => {
    const env = {
      BENCH_DATABASE_URL: 'postgres://owner:s3cret@db:5432/postgres',
      BENCH_SIZES: '1000',
      HOME: '/root',
    };
    expect(commandLine(['--only=list'], env)).toBe(
      'BENCH_DATABASE_URL=postgres://owner:***@db:5432/postgres BENCH_SIZES=1000 npm run bench -- --only=list',
    );
  });

  it('is the bare command without options or variables', () => {
    expect(commandLine([], {})).toBe('npm run bench');
  });
});
