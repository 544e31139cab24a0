import type { Clock } from '../../src/time/clock';

/** A clock the test moves by hand (the app's `Clock`), starting at `start` or now. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
