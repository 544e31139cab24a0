import type { EmailIntegrationDto, VerifyResponse } from '@ledgerdesk/domain/api/integrations';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailboxVerifications } from '../../src/db/schema/mailbox-push';
import { withUser } from '../../src/db/with-user';
import type { SyncFleet } from '../../src/jobs/sync-fleet';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { seedIntegration } from './seed-integration';

describe.each(testDatabaseKinds)('POST /api/integrations/:id/verify on %s', (kind) => {
  let t: TestApp;
  let amy: { cookie: string; userId: string };
  let ben: { cookie: string; userId: string };
  const queued: Array<{ integrationId: string; userId: string }> = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    amy = await signUp(t.app, 'amy.verify@firm.test');
    ben = await signUp(t.app, 'ben.verify@firm.test');
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    t.app.syncFleet = null;
    queued.length = 0;
  });

  const useFakeFleet = () => {
    t.app.syncFleet = {
      queueVerify: async (job: { integrationId: string; userId: string }) => {
        queued.push(job);
        return true;
      },
    } as unknown as SyncFleet;
  };
  const verify = (id: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/integrations/${id}/verify`,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const stored = async (userId: string, id: string) =>
    (
      await withUser(t.app.db, userId, (tx) =>
        tx.select().from(mailboxVerifications).where(eq(mailboxVerifications.emailIntegrationId, id)),
      )
    )[0];

  it('asks the fleet to verify the owner’s mailbox and answers 202 with the state, shown on the list too', async () => {
    useFakeFleet();
    const row = await seedIntegration(t.app, amy.userId, { emailAddress: 'verify-me@amy.test' });
    const response = await verify(row.id, amy.cookie);
    expect(response.statusCode).toBe(202);
    expect(response.json<VerifyResponse>().verification).toEqual({
      state: 'queued',
      verifiedAt: null,
      messageCount: null,
      missingCount: null,
      extraCount: null,
      error: null,
    });
    expect(queued).toEqual([{ integrationId: row.id, userId: amy.userId }]);
    const requestedAt = (await stored(amy.userId, row.id))?.requestedAt;
    expect(requestedAt).toBeInstanceOf(Date);

    // Asking again keeps the first request's place.
    expect((await verify(row.id, amy.cookie)).statusCode).toBe(202);
    expect((await stored(amy.userId, row.id))?.requestedAt).toEqual(requestedAt);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: amy.cookie },
    });
    const mine = list
      .json<{ integrations: EmailIntegrationDto[] }>()
      .integrations.find((i) => i.id === row.id);
    expect(mine?.verification.state).toBe('queued');
  });

  it('answers 404 for another user’s mailbox and 401 without a session, and queues nothing', async () => {
    useFakeFleet();
    const row = await seedIntegration(t.app, amy.userId, { emailAddress: 'private@amy.test' });
    const foreign = await verify(row.id, ben.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Email integration not found.');
    const anonymous = await verify(row.id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('You must be logged in to verify an email integration.');
    expect(queued).toEqual([]);
    expect(await stored(amy.userId, row.id)).toBeUndefined();
  });

  it('refuses a disconnected mailbox with 409', async () => {
    const row = await seedIntegration(t.app, amy.userId, { emailAddress: 'off@amy.test', isActive: false });
    const response = await verify(row.id, amy.cookie);
    expect(response.statusCode).toBe(409);
    expect(await stored(amy.userId, row.id)).toBeUndefined();
  });

  it('shows a completed run’s counts and a failure in words on the list', async () => {
    const done = await seedIntegration(t.app, ben.userId, { emailAddress: 'done@ben.test' });
    const failed = await seedIntegration(t.app, ben.userId, { emailAddress: 'failed@ben.test' });
    const verifiedAt = new Date('2026-11-27T10:42:00Z');
    await withUser(t.app.db, ben.userId, (tx) =>
      tx.insert(mailboxVerifications).values([
        {
          emailIntegrationId: done.id,
          userId: ben.userId,
          startedAt: new Date('2026-11-27T10:41:00Z'),
          verifiedAt,
          messageCount: 1204,
          missingCount: 3,
          extraCount: 0,
        },
        {
          emailIntegrationId: failed.id,
          userId: ben.userId,
          startedAt: new Date('2026-11-27T10:41:00Z'),
          failedAt: new Date('2026-11-27T10:41:30Z'),
          lastError: 'The mail provider could not be reached.',
        },
      ]),
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/integrations',
      headers: { cookie: ben.cookie },
    });
    const byId = new Map(
      list.json<{ integrations: EmailIntegrationDto[] }>().integrations.map((i) => [i.id, i.verification]),
    );
    expect(byId.get(done.id)).toEqual({
      state: 'done',
      verifiedAt: verifiedAt.toISOString(),
      messageCount: 1204,
      missingCount: 3,
      extraCount: 0,
      error: null,
    });
    expect(byId.get(failed.id)).toMatchObject({
      state: 'failed',
      error: 'The mail provider could not be reached.',
    });
  });
});
