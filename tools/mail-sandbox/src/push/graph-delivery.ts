import { postNotifications } from './post-to-app';

/**
 * How Graph delivers change notifications to a webhook (`concepts/change-notifications-delivery-webhooks.md`):
 * an HTTP client with a 3-second timeout; anything but a 2xx is retried with exponential backoff for up to 4
 * hours; a post that took over 2,900 ms counts as slow, and once an endpoint has received 100 notifications in the
 * current 10-minute window, 10 % slow ones throttle it (new notifications and retries wait 10 minutes) and 15 %
 * drop its notifications until the window is flushed. Every duration is multiplied by `timeScale()` (1: Graph's
 * own schedule; tests set e.g. 0.001 through `POST /control/graph/push-faults { deliveryTimeScale }`), except the
 * 3-second timeout and the 2,900 ms threshold, which are what the app must meet.
 */
export const GRAPH_NOTIFICATION_TIMEOUT_MS = 3_000;
export const GRAPH_SLOW_AFTER_MS = 2_900;
const REDELIVER_FOR_MS = 4 * 3_600_000;
const FIRST_RETRY_MS = 60_000;
const THROTTLED_DELAY_MS = 10 * 60_000;
const WINDOW_MS = 10 * 60_000;
const MIN_NOTIFICATIONS = 100;
const THROTTLE_SHARE = 0.1;
const DROP_SHARE = 0.15;

export type EndpointState = 'normal' | 'throttled' | 'dropping';
type Endpoint = { windowStart: number; notifications: number; slow: number; dropped: number };

export type GraphDelivery = {
  send(url: string, value: readonly object[]): void;
  /** An endpoint's standing and counts in the current window (control API and tests). */
  endpoint(url: string): { state: EndpointState; notifications: number; slow: number; dropped: number };
  stop(): Promise<void>;
};

export function createGraphDelivery(options: { timeScale(): number; extraDelayMs(): number }): GraphDelivery {
  const endpoints = new Map<string, Endpoint>();
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<unknown>>();
  let isStopped = false;
  const scaled = (ms: number) => ms * options.timeScale();

  const endpointOf = (url: string): Endpoint => {
    const now = Date.now();
    let endpoint = endpoints.get(url);
    if (!endpoint || now - endpoint.windowStart >= scaled(WINDOW_MS)) {
      endpoint = { windowStart: now, notifications: 0, slow: 0, dropped: 0 };
      endpoints.set(url, endpoint);
    }
    return endpoint;
  };
  const stateOf = (endpoint: Endpoint): EndpointState => {
    if (endpoint.notifications < MIN_NOTIFICATIONS) return 'normal';
    const share = endpoint.slow / endpoint.notifications;
    return share >= DROP_SHARE ? 'dropping' : share >= THROTTLE_SHARE ? 'throttled' : 'normal';
  };
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!isStopped) work();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  const attempt = (url: string, value: readonly object[], firstAt: number, retries: number) => {
    const run = (async () => {
      const started = Date.now();
      const status = await postNotifications(url, value, GRAPH_NOTIFICATION_TIMEOUT_MS);
      const endpoint = endpointOf(url);
      endpoint.notifications += value.length;
      if (status === 0 || Date.now() - started > GRAPH_SLOW_AFTER_MS) endpoint.slow += value.length;
      if (status >= 200 && status < 300) return;
      const wait =
        stateOf(endpoint) === 'normal' ? scaled(FIRST_RETRY_MS * 2 ** retries) : scaled(THROTTLED_DELAY_MS);
      if (Date.now() + wait - firstAt > scaled(REDELIVER_FOR_MS)) return;
      later(wait, () => attempt(url, value, firstAt, retries + 1));
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  return {
    send(url, value) {
      const endpoint = endpointOf(url);
      const state = stateOf(endpoint);
      if (state === 'dropping') {
        endpoint.dropped += value.length;
        return;
      }
      const wait = options.extraDelayMs() + (state === 'throttled' ? scaled(THROTTLED_DELAY_MS) : 0);
      const start = () => attempt(url, value, Date.now(), 0);
      if (wait > 0) later(wait, start);
      else start();
    },
    endpoint(url) {
      const endpoint = endpointOf(url);
      return {
        state: stateOf(endpoint),
        notifications: endpoint.notifications,
        slow: endpoint.slow,
        dropped: endpoint.dropped,
      };
    },
    async stop() {
      isStopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...inFlight]);
    },
  };
}
