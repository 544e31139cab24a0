import type { GoogleConfig } from '../../core/mail-config';
import { authorizedFetch } from '../../core/session/authorized-fetch';
import type { MailSession } from '../../core/session/mail-session';
import { sleep } from '../../core/transport/fetch-with-retry';
import { ProviderError } from '../../core/transport/provider-error';
import { isRetryableStatus, parseRetryAfter, retryDelay } from '../../core/transport/retry-policy';
import {
  type BatchPartRequest,
  type BatchPartResponse,
  buildBatchBody,
  parseBatchResponse,
} from './batch-multipart';
import { gmailError, googleReason, isGoogleRateLimit } from './gmail-request';

/** Google allows 100 calls per batch and advises at most 50 (larger batches trip the rate limit). */
const BATCH_LIMIT = 50;

function shouldRetry(response: BatchPartResponse | undefined): boolean {
  if (!response) return true;
  if (isRetryableStatus(response.status)) return true;
  if (response.status !== 403) return false;
  try {
    return isGoogleRateLimit(403, googleReason(JSON.parse(response.body)));
  } catch {
    return false;
  }
}

/**
 * The answer to each request by id. Google answers parts in request order, so when the Content-IDs do not
 * name the requests (a proxy rewrote them), a complete answer is matched by position instead.
 */
function matchParts(
  requests: readonly BatchPartRequest[],
  parts: readonly BatchPartResponse[],
): Map<string, BatchPartResponse> {
  const requested = new Set(requests.map((request) => request.id));
  if (parts.length === requests.length && parts.some((part) => !requested.has(part.id))) {
    return new Map(
      requests.map((request, index) => [
        request.id,
        { ...(parts[index] as BatchPartResponse), id: request.id },
      ]),
    );
  }
  return new Map(parts.map((part) => [part.id, part]));
}

/**
 * Runs Gmail calls in batches of 50; parts that were rate limited or failed on the server are retried after
 * their Retry-After (or backoff). Answers every call's final response by id.
 */
export async function gmailBatch(
  session: MailSession,
  config: GoogleConfig,
  requests: readonly BatchPartRequest[],
): Promise<Map<string, BatchPartResponse>> {
  const results = new Map<string, BatchPartResponse>();
  for (let start = 0; start < requests.length; start += BATCH_LIMIT) {
    let pending = requests.slice(start, start + BATCH_LIMIT);
    for (let attempt = 0; pending.length > 0; attempt++) {
      const { boundary, body } = buildBatchBody(pending);
      const response = await authorizedFetch(session, `${config.apiUrl}/batch/gmail/v1`, {
        method: 'POST',
        headers: { 'content-type': `multipart/mixed; boundary=${boundary}` },
        body,
      });
      if (!response.ok)
        throw gmailError(response.status, (await response.json().catch(() => ({}))) as object);
      const parts = parseBatchResponse(response.headers.get('content-type'), await response.text());
      const byId = matchParts(pending, parts);
      const retry: BatchPartRequest[] = [];
      let wait = 0;
      for (const request of pending) {
        const part = byId.get(request.id);
        if (part && !shouldRetry(part)) {
          results.set(request.id, part);
          continue;
        }
        if (attempt >= session.policy.maxRetries) {
          throw new ProviderError(
            'throttled',
            'Gmail kept rate limiting a batch call.',
            part?.status ?? null,
          );
        }
        retry.push(request);
        wait = Math.max(
          wait,
          retryDelay(attempt, session.policy, parseRetryAfter(part?.headers['retry-after'])),
        );
      }
      if (retry.length > 0) await sleep(wait);
      pending = retry;
    }
  }
  return results;
}
