import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../support/test-database';
import { type Connected, connectFreshMailbox, sync } from './support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness } from './support/mail-harness';
import { mailboxKeys, storedKeys } from './support/mailbox-compare';

const PROVIDERS = ['office365', 'gmail'] as const;

describe.each(testDatabaseKinds)('garbage provider answers (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind);
  }, 120_000);
  afterAll(async () => h?.close());

  async function initialised(provider: (typeof PROVIDERS)[number]): Promise<Connected> {
    const box = await connectFreshMailbox(h, provider, { messages: 4 });
    const init = await callFunction(h.app, box.cookie, 'initialize-sync-config', {
      integrationId: box.integrationId,
    });
    expect(init.statusCode, init.body).toBe(200);
    return box;
  }

  async function deliver(box: Connected, subject: string) {
    await h.control('POST', '/messages', {
      mailbox: box.address,
      from: 'pat@client.test',
      to: [box.address],
      subject,
      text: 'x',
    });
  }

  const cases = [
    { status: 'html', error: /answered .* with a body that is not JSON/ },
    { status: 'empty', error: /answered .* with an empty body/ },
  ] as const;

  describe.each(PROVIDERS)('%s', (provider) => {
    it.each(cases)(
      'fails only the call answered with $status, with a precise error; other mailboxes sync',
      async ({ status, error }) => {
        const hit = await initialised(provider);
        const other = await initialised(provider);
        await deliver(hit, 'For the spoiled call');
        await deliver(other, 'For the healthy mailbox');
        await h.control('POST', '/faults', { provider, status, count: 1 });
        const spoiled = await sync(h, hit);
        expect(spoiled.criticalErrors).toBeGreaterThan(0);
        expect(spoiled.errorMessage ?? '').toMatch(error);
        const healthy = await sync(h, other);
        expect(healthy.criticalErrors, healthy.errorMessage ?? '').toBe(0);
        expect(await storedKeys(h.app, other.userId, other.integrationId)).toEqual(
          await mailboxKeys(h.control, other.address),
        );
        // The next run of the spoiled mailbox recovers and ends equal to the mailbox.
        const again = await sync(h, hit);
        expect(again.criticalErrors, again.errorMessage ?? '').toBe(0);
        expect(await storedKeys(h.app, hit.userId, hit.integrationId)).toEqual(
          await mailboxKeys(h.control, hit.address),
        );
      },
    );
  });

  it('fails a truncated Gmail batch answer with a precise error', async () => {
    const box = await initialised('gmail');
    await deliver(box, 'Batched');
    await h.control('POST', '/faults', { provider: 'gmail', status: 'truncated', pathContains: 'batch' });
    const spoiled = await sync(h, box);
    expect(spoiled.criticalErrors).toBeGreaterThan(0);
    expect(spoiled.errorMessage).toMatch(/truncated multipart body/);
    const again = await sync(h, box);
    expect(again.criticalErrors, again.errorMessage ?? '').toBe(0);
    expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
      await mailboxKeys(h.control, box.address),
    );
  });

  it('matches Gmail batch parts by position when their Content-IDs name no request', async () => {
    const box = await initialised('gmail');
    await deliver(box, 'First batched');
    await deliver(box, 'Second batched');
    // More spoiled answers than the batch retries: only matching by position gets through.
    await h.control('POST', '/faults', {
      provider: 'gmail',
      status: 'mismatched-ids',
      pathContains: 'batch',
      count: 10,
    });
    const report = await sync(h, box);
    const left = await h.control<{ faults: Array<{ remaining: number }> }>('GET', '/faults');
    await h.control('DELETE', '/faults');
    expect(report.criticalErrors, report.errorMessage ?? '').toBe(0);
    expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
      await mailboxKeys(h.control, box.address),
    );
    expect(left.faults[0]?.remaining).toBeLessThan(10);
  });
});
