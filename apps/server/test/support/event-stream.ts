import http from 'node:http';

export type EventStream = {
  text: () => string;
  /** Resolves once the stream's text matches `pattern`; throws after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  close: () => void;
};

/** GET /api/events as raw text, with a wait for a pattern. */
export function openEventStream(port: number, cookie: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/events', headers: { cookie } },
      (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
        });
        resolve({
          text: () => buffer,
          close: () => request.destroy(),
          waitFor: async (pattern, timeoutMs = 3000) => {
            const deadline = Date.now() + timeoutMs;
            while (!pattern.test(buffer)) {
              if (Date.now() > deadline) throw new Error(`no ${pattern} in ${buffer}`);
              await new Promise((wake) => setTimeout(wake, 25));
            }
          },
        });
      },
    );
    request.on('error', reject);
  });
}

/** How many `event: {name}` lines the stream's text holds. */
export const countEvents = (text: string, name: string): number =>
  text.split('\n').filter((line) => line === `event: ${name}`).length;
