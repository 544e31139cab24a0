// The triage timers on the job engine (decision 009): with background jobs on, one pg-boss job a second — on
// whichever node asks first — returns due snoozes and fires due reminders; two nodes run one job per second
// between them, and each item returns exactly once.
import { SNOOZE_API } from '@ledgerdesk/domain/api/snooze';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { createSyncFleet, type SyncFleet } from '../../src/jobs/sync-fleet';
import { runTriageTimers } from '../../src/jobs/triage-timers';
import { ManualClock } from '../support/manual-clock';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('triage timers on the job engine (%s)', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let user: { cookie: string; userId: string };

  beforeAll(async () => {
    clock = new ManualClock(new Date('2026-03-06T14:00:00Z'));
    t = await createTestApp(kind, { SYNC_INTERVAL_SECONDS: '60' }, { clock });
    user = await signUp(t.app, 'timer-jobs@firm.example');
  });
  afterAll(async () => t?.close());

  const statuses = async (ids: string[]) =>
    withUser(t.app.db, user.userId, async (tx) => {
      const result = await tx.execute(sql`
        select id, status from triage_items
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`);
      return rowsOf<{ id: string; status: string }>(result).map((row) => row.status);
    });

  it('returns due snoozes through one job a second, whichever node runs it', async () => {
    const base = clock.now();
    const ids = await insertTriageItems(
      t.app.db,
      user.userId,
      Array.from({ length: 3 }, (_, index) => ({
        subject: `Timer job ${index}`,
        time: new Date(base.getTime() - (index + 1) * 60_000),
        isRead: true,
      })),
    );
    const snoozed = await t.app.inject({
      method: 'POST',
      url: SNOOZE_API.snooze,
      headers: { cookie: user.cookie },
      payload: { ids, until: new Date(base.getTime() + HOUR).toISOString() },
    });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect(await statuses(ids)).toEqual(['scheduled', 'scheduled', 'scheduled']);

    const passes = { a: 0, b: 0 };
    const returned: number[] = [];
    const node = (name: 'a' | 'b'): SyncFleet =>
      createSyncFleet(t.app.mail, {
        timers: async () => {
          passes[name] += 1;
          returned.push((await runTriageTimers(t.app.db, clock)).returned);
        },
      });
    // Two nodes need two connections: PGlite has one session, so it runs one node.
    const fleets = kind === 'postgres' ? [node('a'), node('b')] : [node('a')];
    for (const fleet of fleets) expect(fleet.enabled).toBe(true);
    const startedAt = Date.now();
    for (const fleet of fleets) await fleet.start();
    try {
      // Not due yet: the jobs run and return nothing.
      await expect.poll(() => passes.a + passes.b, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await statuses(ids)).toEqual(['scheduled', 'scheduled', 'scheduled']);
      clock.advance(HOUR + 1000);
      await expect
        .poll(async () => (await statuses(ids)).every((status) => status === 'inbox'), { timeout: 10_000 })
        .toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 2500));
    } finally {
      for (const fleet of fleets) await fleet.stop();
    }
    const seconds = (Date.now() - startedAt) / 1000;
    // One job per one-second slot across both nodes (never one per node per second), and each item once.
    expect(passes.a + passes.b).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(returned.reduce((sum, count) => sum + count, 0)).toBe(3);
  }, 60_000);
});
