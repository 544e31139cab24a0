/**
 * The server's idea of "now", for snooze returns and follow-up reminders. Production uses the system clock;
 * tests move a clock forward instead of waiting (the API suites build the app with a `ManualClock`, the browser
 * journeys advance the running server's clock through the loopback-only route of clock-routes.ts, mounted only
 * with TEST_CLOCK_CONTROL=on).
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** The system clock plus an offset that only grows. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    if (ms > 0) this.offsetMs += ms;
  }
}
