import type { TriageChangeEvent } from '@ledgerdesk/domain/api/triage';
import { type Session, UnexpectedResponse } from './http-client';

export type ReceivedEvent = TriageChangeEvent & { receivedAt: number };

/** A connected `GET /api/events` stream, parsed as it arrives (like the browser's EventSource). */
export type EventStream = {
  /** Resolves with the next event matching `test` (already received ones count), or rejects after `timeoutMs`. */
  next(test: (event: ReceivedEvent) => boolean, timeoutMs: number): Promise<ReceivedEvent>;
  close(): void;
};

/** Opens the SSE stream with the session cookie; answers once the server has sent its first line. */
export async function openEventStream(session: Session): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(`${session.baseUrl}/api/events`, {
    headers: { cookie: session.cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new UnexpectedResponse(`/api/events answered ${response.status}`);
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const receivedAt = Date.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: triage') && data) {
            received.push({ ...(JSON.parse(data.slice(6)) as TriageChangeEvent), receivedAt });
            for (const wake of waiters) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by close(): nothing to report.
    }
  })();
  return {
    next(test, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = received.findIndex(test);
          if (index < 0) return false;
          const [event] = received.splice(index, 1);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(event as ReceivedEvent);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new UnexpectedResponse(`no matching event within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => abort.abort(),
  };
}
