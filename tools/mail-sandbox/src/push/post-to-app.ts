import { randomUUID } from 'node:crypto';

/** Graph waits this long for the validation handshake (notifications: 3 s, see graph-delivery.ts). */
export const GRAPH_CALLBACK_TIMEOUT_MS = 10_000;

/**
 * Graph's validation handshake: POST `url?validationToken=…` (text/plain, empty body); the endpoint must answer
 * 200 with the token itself as text/plain within 10 s. Answers null when it did, else the reason Graph gives.
 */
export async function validateNotificationUrl(url: string): Promise<string | null> {
  const token = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
  const target = new URL(url);
  target.searchParams.set('validationToken', token);
  try {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: '',
      signal: AbortSignal.timeout(GRAPH_CALLBACK_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status !== 200) {
      return 'Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.';
    }
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/plain') || text !== token) {
      return 'Subscription validation request failed. Response must exactly match validationToken query parameter.';
    }
    return null;
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError'
      ? 'Subscription validation request timed out.'
      : 'Subscription validation request failed. Notification endpoint could not be reached.';
  }
}

/** Posts a notification batch as Graph does (JSON); answers the status, or 0 when nothing answered in time. */
export async function postNotifications(
  url: string,
  value: readonly object[],
  timeoutMs = GRAPH_CALLBACK_TIMEOUT_MS,
): Promise<number> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ value }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
