import type { BenchConfig } from '../config';
import type { BenchDatabase } from '../infra/bench-database';

/** What every benchmark gets: the run's settings, the database under test and the two servers. */
export type BenchContext = {
  config: BenchConfig;
  database: BenchDatabase;
  appUrl: string;
  sandboxUrl: string;
  /** This run's copy of the production web build (served by the app, measured by the web benchmark). */
  webDist: string;
  /** Progress output (stderr), so stdout carries only the tables. */
  log(message: string): void;
};
