import { describe, expect, it } from 'vitest';
import { commandLine, resultsStem } from './results';

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

describe('resultsStem', () => {
  const all = ['list', 'sync', 'fleet'];

  it('names a run of every benchmark latest, a subset by its ids, and smoke runs smoke-latest', () => {
    expect(resultsStem(false, all, all)).toBe('latest');
    expect(resultsStem(false, ['fleet'], all)).toBe('fleet-latest');
    expect(resultsStem(false, ['list', 'sync'], all)).toBe('list-sync-latest');
    expect(resultsStem(true, ['fleet'], all)).toBe('smoke-latest');
  });
});
