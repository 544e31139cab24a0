import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** One reading of a process: CPU seconds used so far (user + system) and resident memory. */
export type ProcessSample = { at: number; cpuSeconds: number; rssBytes: number };

/** CPU in percent of one core (mean over the window, and the busiest sampling step) and peak RSS. */
export type ProcessUsage = { cpuPercentMean: number; cpuPercentPeak: number; rssPeakBytes: number };

/** utime + stime of a `/proc/<pid>/stat` line, in seconds (fields 14 and 15; the name may hold spaces). */
export function parseProcStat(text: string, ticksPerSecond: number): number {
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / ticksPerSecond;
}

/** VmRSS of a `/proc/<pid>/status` text, in bytes. */
export function parseVmRss(text: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(text);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** Mean and peak CPU and peak RSS of a series of samples (at least two for the CPU figures). */
export function summarizeUsage(samples: readonly ProcessSample[]): ProcessUsage {
  const first = samples[0];
  const last = samples.at(-1);
  let peak = Number.NaN;
  for (let index = 1; index < samples.length; index++) {
    const before = samples[index - 1] as ProcessSample;
    const now = samples[index] as ProcessSample;
    const percent = ((now.cpuSeconds - before.cpuSeconds) / ((now.at - before.at) / 1000)) * 100;
    if (Number.isNaN(peak) || percent > peak) peak = percent;
  }
  const mean =
    first && last && last.at > first.at
      ? ((last.cpuSeconds - first.cpuSeconds) / ((last.at - first.at) / 1000)) * 100
      : Number.NaN;
  const rss = samples.map((sample) => sample.rssBytes).filter(Number.isFinite);
  return {
    cpuPercentMean: mean,
    cpuPercentPeak: peak,
    rssPeakBytes: rss.length ? Math.max(...rss) : Number.NaN,
  };
}

function ticksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * Reads a child process's CPU time and RSS from /proc every `everyMs` (Linux; elsewhere it collects nothing
 * and the table says "—"), from outside the process, so the measurement costs the node nothing.
 */
export function sampleProcess(pid: number, everyMs = 1_000): { stop(): ProcessUsage } {
  const ticks = ticksPerSecond();
  const samples: ProcessSample[] = [];
  const read = () => {
    try {
      samples.push({
        at: performance.now(),
        cpuSeconds: parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'), ticks),
        rssBytes: parseVmRss(fs.readFileSync(`/proc/${pid}/status`, 'utf8')),
      });
    } catch {
      // The process has gone, or there is no /proc.
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      read();
      return summarizeUsage(samples);
    },
  };
}
