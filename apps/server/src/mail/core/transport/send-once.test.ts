import { describe, expect, it } from 'vitest';
import { ProviderError } from './provider-error';
import { isUnknownOutcome, sendOnce } from './send-once';

const noWait = async () => undefined;

describe('sendOnce (decision 029)', () => {
  it('a post whose answer was lost is looked for in Sent, and found there it is not posted again', async () => {
    let posts = 0;
    let looks = 0;
    const outcome = await sendOnce({
      mayHaveBeenSent: false,
      post: async () => {
        posts++;
        throw new ProviderError('timeout', 'GatewayTimeout', 504);
      },
      isSent: async () => ++looks >= 2,
      recheckDelaysMs: [0, 10, 10],
      wait: noWait,
    });
    expect(outcome).toBe('found');
    expect(posts).toBe(1);
    expect(looks).toBe(2);
  });

  it('not found within the grace, the failure comes back for a later try', async () => {
    const lost = new ProviderError('network', 'socket hang up');
    await expect(
      sendOnce({
        mayHaveBeenSent: false,
        post: async () => {
          throw lost;
        },
        isSent: async () => false,
        recheckDelaysMs: [0, 10],
        wait: noWait,
      }),
    ).rejects.toBe(lost);
  });

  it('a refusal (4xx, 429) is not looked for: nothing was sent', async () => {
    let looks = 0;
    for (const refusal of [
      new ProviderError('bad_request', 'ErrorInvalidRecipients', 400),
      new ProviderError('throttled', 'ApplicationThrottled', 429),
    ]) {
      await expect(
        sendOnce({
          mayHaveBeenSent: false,
          post: async () => {
            throw refusal;
          },
          isSent: async () => {
            looks++;
            return true;
          },
          wait: noWait,
        }),
      ).rejects.toBe(refusal);
    }
    expect(looks).toBe(0);
  });

  it('a retry of a message that may have gone out looks first, and posts only when it is not in Sent', async () => {
    let posts = 0;
    const post = async () => {
      posts++;
    };
    expect(await sendOnce({ mayHaveBeenSent: true, post, isSent: async () => true })).toBe('found');
    expect(posts).toBe(0);
    expect(await sendOnce({ mayHaveBeenSent: true, post, isSent: async () => false })).toBe('sent');
    expect(posts).toBe(1);
  });

  it('unknown outcomes: timeouts, network errors, 408 and 5xx; not 4xx, 429 or other errors', () => {
    expect(isUnknownOutcome(new ProviderError('timeout', 'x'))).toBe(true);
    expect(isUnknownOutcome(new ProviderError('network', 'x'))).toBe(true);
    expect(isUnknownOutcome(new ProviderError('unavailable', 'x', 502))).toBe(true);
    expect(isUnknownOutcome(new ProviderError('unavailable', 'x', 503))).toBe(true);
    expect(isUnknownOutcome(new ProviderError('unavailable', 'SMTP 421'))).toBe(false);
    expect(isUnknownOutcome(new ProviderError('throttled', 'x', 429))).toBe(false);
    expect(isUnknownOutcome(new ProviderError('forbidden', 'x', 403))).toBe(false);
    expect(isUnknownOutcome(new Error('x'))).toBe(false);
  });
});
