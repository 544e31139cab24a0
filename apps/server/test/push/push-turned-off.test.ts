import { LIVE_UPDATES_TEXT } from '@ledgerdesk/domain/integrations/live-updates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('live updates turned off (%s)', (kind) => {
  let h: MailHarness;
  beforeAll(async () => {
    h = await createMailHarness(kind, { env: { MAIL_PUSH: 'off' } });
  }, 120_000);
  afterAll(async () => h?.close());

  it('says "Polling only" with the reason on every mailbox, never "Setting up live updates"', async () => {
    const box = await connectFreshMailbox(h, 'office365', { messages: 1 });
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: box.cookie },
    });
    expect(response.statusCode).toBe(200);
    const [integration] = (response.json() as { integrations: { push: unknown }[] }).integrations;
    expect(integration?.push).toEqual({
      state: 'polling',
      reason: LIVE_UPDATES_TEXT.turnedOff,
      lastNotificationAt: null,
    });
  });
});
