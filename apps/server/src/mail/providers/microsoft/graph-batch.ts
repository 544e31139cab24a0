import type { MicrosoftConfig } from '../../core/mail-config';
import type { MailSession } from '../../core/session/mail-session';
import { sleep } from '../../core/transport/fetch-with-retry';
import { ProviderError } from '../../core/transport/provider-error';
import { isRetryableStatus, parseRetryAfter, retryDelay } from '../../core/transport/retry-policy';
import { graphCall, preferHeader } from './graph-request';

export type BatchRequest = {
  id: string;
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  body?: unknown;
  prefer?: string[];
};
export type BatchResponse = { id: string; status: number; headers?: Record<string, string>; body?: unknown };

/** Graph accepts at most 20 requests per $batch. */
const BATCH_LIMIT = 20;

/**
 * Runs requests through JSON $batch, 20 at a time; inner answers that were throttled or failed on the
 * server are retried after their Retry-After (or backoff). Answers every request's final response by id.
 */
export async function graphBatch(
  session: MailSession,
  config: MicrosoftConfig,
  requests: readonly BatchRequest[],
): Promise<Map<string, BatchResponse>> {
  const results = new Map<string, BatchResponse>();
  for (let start = 0; start < requests.length; start += BATCH_LIMIT) {
    let pending = requests.slice(start, start + BATCH_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt++) {
      const answer = await graphCall<{ responses?: BatchResponse[] }>(session, config, '/$batch', {
        method: 'POST',
        body: {
          requests: pending.map((request) => ({
            id: request.id,
            method: request.method,
            url: request.url,
            headers: {
              prefer: preferHeader(request.prefer),
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(request.body === undefined ? {} : { body: request.body }),
          })),
        },
      });
      const retry: BatchRequest[] = [];
      let wait = 0;
      for (const request of pending) {
        const response = answer?.responses?.find((candidate) => String(candidate.id) === request.id);
        if (response && !isRetryableStatus(response.status)) {
          results.set(request.id, response);
          continue;
        }
        if (attempt >= session.policy.maxRetries) {
          throw new ProviderError(
            'throttled',
            'Graph kept throttling a batch request.',
            response?.status ?? null,
          );
        }
        retry.push(request);
        const retryAfter = parseRetryAfter(headerValue(response?.headers, 'retry-after'));
        wait = Math.max(wait, retryDelay(attempt, session.policy, retryAfter));
      }
      if (retry.length > 0) await sleep(wait);
      pending = retry;
    }
  }
  return results;
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | null {
  if (!headers) return null;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key ? (headers[key] ?? null) : null;
}
