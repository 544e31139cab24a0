import { call, type Session } from '../client/http-client';

export type Samples = { serverMs: number[]; wallMs: number[] };

export type SamplePlan = {
  /** Unmeasured requests first (JIT, caches, connection). */
  warmup: number;
  /** Stop after this many measured requests… */
  max: number;
  /** …or once the budget is spent, but never before this many. */
  min: number;
  budgetMs: number;
};

/**
 * Times GET requests one after the other: `max` of them, or fewer when each is so slow that the budget runs
 * out first (a read-everything baseline at 100,000 items takes seconds; fifty of them would take minutes).
 */
export async function sampleGets(
  session: Session,
  path: string,
  plan: SamplePlan,
  /** Server times already measured the same way (they count toward `max`). */
  already: number[] = [],
): Promise<Samples> {
  for (let i = 0; i < plan.warmup; i++) await call(session, 'GET', path);
  const samples: Samples = { serverMs: [...already], wallMs: [] };
  const started = performance.now();
  while (samples.serverMs.length < plan.max) {
    const result = await call(session, 'GET', path);
    samples.serverMs.push(result.serverMs);
    samples.wallMs.push(result.wallMs);
    if (samples.serverMs.length >= plan.min && performance.now() - started > plan.budgetMs) break;
  }
  return samples;
}
