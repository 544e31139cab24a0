/** How long after the server refused a stream (a 503 while the database is away) it is opened again. */
export const STREAM_REOPEN_MS = 3000;

type Options = {
  /** Adds the stream's event listeners; called for every EventSource opened. */
  attach(source: EventSource): void;
  /** The stream is open; `wasRefused` when it is one opened again after a refusal (events were missed). */
  onOpen?(wasRefused: boolean): void;
  /** Whether the stream is open now, after an error. */
  onError?(isOpen: boolean): void;
};

/**
 * An EventSource that does not stay closed. The browser reconnects a dropped stream by itself (the server then
 * answers `event: resync`, decision 036) but gives up on one answered with an error status: that one is opened
 * again after STREAM_REOPEN_MS, and `onOpen(true)` says that what happened meanwhile was not seen. Answers the
 * function that closes it for good.
 */
export function openReopeningEventSource(url: string, options: Options): () => void {
  let reopening: ReturnType<typeof setTimeout> | null = null;
  let isClosed = false;
  const open = (wasRefused: boolean): EventSource => {
    const next = new EventSource(url);
    let isBehind = wasRefused;
    next.onopen = () => {
      options.onOpen?.(isBehind);
      isBehind = false;
    };
    next.onerror = () => {
      options.onError?.(next.readyState === EventSource.OPEN);
      if (isClosed || next.readyState !== EventSource.CLOSED || reopening) return;
      reopening = setTimeout(() => {
        reopening = null;
        source = open(true);
      }, STREAM_REOPEN_MS);
    };
    options.attach(next);
    return next;
  };
  let source = open(false);
  return () => {
    isClosed = true;
    if (reopening) clearTimeout(reopening);
    source.close();
  };
}
