import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openReopeningEventSource, STREAM_REOPEN_MS } from './reopening-event-source';

// The browser's EventSource gives up on a stream answered with an error status (a 503 while the database is away);
// both of the app's streams (the triage list's and the notices on every screen) are opened again.

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server answered with an error status: the browser closes the stream for good. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('openReopeningEventSource', () => {
  it('opens a refused stream again after STREAM_REOPEN_MS and says it was behind; closes for good when asked', () => {
    const opens: boolean[] = [];
    const attach = vi.fn();
    const close = openReopeningEventSource('/api/events', {
      attach,
      onOpen: (wasRefused) => opens.push(wasRefused),
    });
    FakeEventSource.opened[0]?.accept();
    FakeEventSource.opened[0]?.refuse();
    vi.advanceTimersByTime(STREAM_REOPEN_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]?.accept();
    expect(opens).toEqual([false, true]);
    expect(attach).toHaveBeenCalledTimes(2);
    close();
    expect(FakeEventSource.opened[1]?.readyState).toBe(FakeEventSource.CLOSED);
    FakeEventSource.opened[1]?.onerror?.();
    vi.advanceTimersByTime(STREAM_REOPEN_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});
