import { describe, expect, it } from 'vitest';
import { parseProcStat, parseVmRss, summarizeUsage } from './process-sampler';

describe('parseProcStat', () => {
  it('adds user and system time, even when the command name holds spaces and parentheses', () => {
    const line = '4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 11 0 1 2 3';
    expect(parseProcStat(line, 100)).toBe(3);
  });
});

describe('parseVmRss', () => {
  it('reads VmRSS in bytes', () => {
    expect(parseVmRss('Name:\tnode\nVmRSS:\t  204800 kB\nVmSwap:\t0 kB\n')).toBe(204_800 * 1024);
  });

  it('is NaN without the line', () => {
    expect(parseVmRss('Name:\tnode\n')).toBeNaN();
  });
});

describe('summarizeUsage', () => {
  it('reports mean CPU over the window, the busiest step and the peak RSS', () => {
    const usage = summarizeUsage([
      { at: 0, cpuSeconds: 10, rssBytes: 100 },
      { at: 1_000, cpuSeconds: 10.2, rssBytes: 300 },
      { at: 2_000, cpuSeconds: 11, rssBytes: 200 },
    ]);
    expect(usage.cpuPercentMean).toBeCloseTo(50);
    expect(usage.cpuPercentPeak).toBeCloseTo(80);
    expect(usage.rssPeakBytes).toBe(300);
  });

  it('has no CPU figures from a single sample', () => {
    const usage = summarizeUsage([{ at: 0, cpuSeconds: 1, rssBytes: 5 }]);
    expect(usage.cpuPercentMean).toBeNaN();
    expect(usage.cpuPercentPeak).toBeNaN();
    expect(usage.rssPeakBytes).toBe(5);
  });
});
